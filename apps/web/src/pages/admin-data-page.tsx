export { default } from '../features/admin-data/admin-data-screen';
