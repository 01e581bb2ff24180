import type { Messages } from '../messages';
import type en from '../en/dashboard';

// Turkish texts of the 'dashboard' namespace: the same keys as en/dashboard.ts (the type checks it).
const tr: Messages<typeof en> = {};
export default tr;
