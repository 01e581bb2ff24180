export { default } from '../features/alerts/alerts-screen';
