export { default } from '../features/admin/admin-jobs-screen';
