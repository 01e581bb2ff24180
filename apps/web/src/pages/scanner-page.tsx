export { default } from '../features/scanner/scanner-screen';
