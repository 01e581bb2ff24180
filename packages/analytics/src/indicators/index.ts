export * from './moving-averages.js';
export * from './oscillators.js';
export * from './snapshot.js';
export * from './chart-series.js';
