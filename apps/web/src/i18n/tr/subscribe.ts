import type { Messages } from '../messages';
import type en from '../en/subscribe';

// Turkish texts of the 'subscribe' namespace: the same keys as en/subscribe.ts (the type checks it).
const tr: Messages<typeof en> = {};
export default tr;
