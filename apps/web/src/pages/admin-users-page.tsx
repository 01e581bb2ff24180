export { default } from '../features/admin/admin-users-screen';
