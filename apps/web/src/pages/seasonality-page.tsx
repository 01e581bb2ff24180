export { default } from '../features/seasonality-chart/seasonality-chart-screen';
