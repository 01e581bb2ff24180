export { default } from '../features/subscribe/subscribe-screen';
