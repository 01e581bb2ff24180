// The series loader's worker when the server runs from its TypeScript sources (Vitest, tsx):
// a worker thread starts without the parent's loader, so it registers tsx's before importing
// the worker module. The built server starts dist/series-load-worker.js instead (build.mjs).
import { register } from 'tsx/esm/api';

register();
await import('./series-load-worker.ts');
