export { default } from '../features/best-trades/best-trades-screen';
