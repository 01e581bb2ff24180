// The worker entry when the server runs from its TypeScript sources (Vitest, tsx): a worker
// thread starts without the parent's loader, so it registers tsx's before importing the
// worker module. The built server starts dist/analytics-worker.js instead (build.mjs).
import { register } from 'tsx/esm/api';

register();
const worker = await import('./analytics-worker.ts');

export default worker.default;
