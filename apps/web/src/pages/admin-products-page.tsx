export { default } from '../features/admin/admin-products-screen';
