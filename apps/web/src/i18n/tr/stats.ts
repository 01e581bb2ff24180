import type { Messages } from '../messages';
import type en from '../en/stats';

// Turkish texts of the 'stats' namespace: the same keys as en/stats.ts (the type checks it).
const tr: Messages<typeof en> = {};
export default tr;
