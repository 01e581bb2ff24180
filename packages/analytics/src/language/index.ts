export * from './functions.js';
export * from './canonical.js';
export * from './fixed-fields.js';
export * from './timeframes.js';
export * from './series.js';
export * from './condition.js';
