import type { Messages } from '../messages';
import type en from '../en/landing';

// Turkish texts of the 'landing' namespace: the same keys as en/landing.ts (the type checks it).
const tr: Messages<typeof en> = {};
export default tr;
