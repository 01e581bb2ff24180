import type { Messages } from '../messages';
import type en from '../en/calendar';

// Turkish texts of the 'calendar' namespace: the same keys as en/calendar.ts (the type checks it).
const tr: Messages<typeof en> = {};
export default tr;
