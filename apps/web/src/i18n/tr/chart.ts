import type { Messages } from '../messages';
import type en from '../en/chart';

// Turkish texts of the 'chart' namespace: the same keys as en/chart.ts (the type checks it).
const tr: Messages<typeof en> = {};
export default tr;
