export { default } from '../features/calendar/calendar-screen';
