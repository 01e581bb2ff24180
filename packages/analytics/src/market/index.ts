export * from './universe.js';
export * from './heatmap.js';
export * from './overview.js';
export * from './month-means.js';
