import type { Messages } from '../messages';
import type en from '../en/symbol';

// Turkish texts of the 'symbol' namespace: the same keys as en/symbol.ts (the type checks it).
const tr: Messages<typeof en> = {};
export default tr;
