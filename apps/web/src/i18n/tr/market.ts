import type { Messages } from '../messages';
import type en from '../en/market';

// Turkish texts of the 'market' namespace: the same keys as en/market.ts (the type checks it).
const tr: Messages<typeof en> = {};
export default tr;
