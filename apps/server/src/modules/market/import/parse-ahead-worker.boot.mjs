// The import's parsing thread when the server runs from its TypeScript sources (Vitest, tsx):
// a worker thread starts without the parent's loader, so it registers tsx's before importing
// the worker module. The built server starts dist/import-parse-worker.js instead (build-options.mjs).
import { register } from 'tsx/esm/api';

register();
await import('./parse-ahead-worker.ts');
