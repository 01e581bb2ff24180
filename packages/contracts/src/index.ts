export * from './errors.js';
export * from './health.js';
export * from './common.js';
export * from './permissions.js';
export * from './validators.js';
export * from './auth.js';
export * from './watchlists.js';
