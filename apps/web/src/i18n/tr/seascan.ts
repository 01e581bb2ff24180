import type { Messages } from '../messages';
import type en from '../en/seascan';

// Turkish texts of the 'seascan' namespace: the same keys as en/seascan.ts (the type checks it).
const tr: Messages<typeof en> = {};
export default tr;
