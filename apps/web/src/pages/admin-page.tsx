export { default } from '../features/admin/admin-home-screen';
