import type { Messages } from '../messages';
import type en from '../en/scanner';

// Turkish texts of the 'scanner' namespace: the same keys as en/scanner.ts (the type checks it).
const tr: Messages<typeof en> = {};
export default tr;
