import type { Messages } from '../messages';
import type en from '../en/alerts';

// Turkish texts of the 'alerts' namespace: the same keys as en/alerts.ts (the type checks it).
const tr: Messages<typeof en> = {};
export default tr;
