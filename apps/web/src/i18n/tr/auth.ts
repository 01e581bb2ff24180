import type { Messages } from '../messages';
import type en from '../en/auth';

// Turkish texts of the 'auth' namespace: the same keys as en/auth.ts (the type checks it).
const tr: Messages<typeof en> = {};
export default tr;
