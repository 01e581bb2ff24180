import { enableCompileCache } from './compile-cache.js';

/**
 * The server process's entry (dist/main.js). On Node 22.1 and later it first turns on Node's
 * compile cache, so that V8's compiled code for the bundle (about 4 MB of JavaScript, the
 * larger part of a start) is read from disk after the first start instead of compiled again.
 * The cache lives in NODE_COMPILE_CACHE, or in the system's temp folder; NODE_DISABLE_COMPILE_CACHE=1
 * turns it off. Node checks each entry against its source, so a new build never runs stale
 * code. The server itself is loaded after: a static import would be compiled before this runs.
 */
enableCompileCache();
await import('./main.js');
