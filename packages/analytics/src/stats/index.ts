export * from './descriptive.js';
export * from './binomial.js';
export * from './multiple-testing.js';
