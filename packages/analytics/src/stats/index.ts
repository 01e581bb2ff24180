export * from './descriptive.js';
export * from './binomial.js';
export * from './multiple-testing.js';
export * from './normal.js';
export * from './splitmix64.js';
export * from './deflated-sharpe.js';
export * from './cscv.js';
export * from './reality-check.js';
