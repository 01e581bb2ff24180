export * from './as-of.js';
export * from './seasonal-alert.js';
export * from './evaluate.js';
export * from './tables.js';
