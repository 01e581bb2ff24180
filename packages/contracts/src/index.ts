export * from './errors.js';
export * from './health.js';
export * from './common.js';
export * from './permissions.js';
