import type { Messages } from '../messages';
import type en from '../en/profile';

// Turkish texts of the 'profile' namespace: the same keys as en/profile.ts (the type checks it).
const tr: Messages<typeof en> = {};
export default tr;
