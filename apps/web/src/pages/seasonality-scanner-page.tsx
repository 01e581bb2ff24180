export { default } from '../features/seasonality-scanner/seasonality-scanner-screen';
