export * from './series.js';
export * from './stats/index.js';
export * from './seasonality/index.js';
export * from './indicators/index.js';
export * from './scanner/index.js';
export * from './market/index.js';
export * from './calendar/index.js';
export * from './alerts/index.js';
