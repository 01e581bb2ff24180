import type { Messages } from '../messages';
import type en from '../en/common';

// Turkish texts of the 'common' namespace: the same keys as en/common.ts (the type checks it).
const tr: Messages<typeof en> = {};
export default tr;
