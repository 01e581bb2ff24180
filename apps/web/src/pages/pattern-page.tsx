export { default } from '../features/pattern/pattern-screen';
