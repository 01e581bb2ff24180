export * from './descriptive.js';
export * from './binomial.js';
