import type { Messages } from '../messages';
import type en from '../en/pattern';

// Turkish texts of the 'pattern' namespace: the same keys as en/pattern.ts (the type checks it).
const tr: Messages<typeof en> = {};
export default tr;
