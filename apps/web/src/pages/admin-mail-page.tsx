export { default } from '../features/admin/admin-mail-screen';
