import type { Messages } from '../messages';
import type en from '../en/heatmaps';

// Turkish texts of the 'heatmaps' namespace: the same keys as en/heatmaps.ts (the type checks it).
const tr: Messages<typeof en> = {};
export default tr;
