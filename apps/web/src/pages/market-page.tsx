export { default } from '../features/market/market-screen';
