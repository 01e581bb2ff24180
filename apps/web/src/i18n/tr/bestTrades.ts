import type { Messages } from '../messages';
import type en from '../en/bestTrades';

// Turkish texts of the 'bestTrades' namespace: the same keys as en/bestTrades.ts (the type checks it).
const tr: Messages<typeof en> = {};
export default tr;
