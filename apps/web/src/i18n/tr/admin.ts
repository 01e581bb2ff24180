import type { Messages } from '../messages';
import type en from '../en/admin';

// Turkish texts of the 'admin' namespace: the same keys as en/admin.ts (the type checks it).
const tr: Messages<typeof en> = {};
export default tr;
