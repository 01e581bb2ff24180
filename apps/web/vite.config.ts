import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
// @ts-expect-error a plain .mjs build script: no types
import { routeChunksPlugin } from './scripts/route-chunks.mjs';

export default defineConfig({
  plugins: [react(), routeChunksPlugin(import.meta.dirname)],
  base: '/',
  css: {
    preprocessorOptions: {
      // Bootstrap 5.3's Sass still uses @import and global functions; its warnings are not ours.
      scss: {
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'mixed-decls', 'if-function'],
      },
    },
  },
  // No source maps in the build: dist is served as it is, and maps would publish the
  // sources (sourcesContent) to anyone. `vite` (dev) still maps in the browser.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    // Side-effect-free chunks under 10 KB go into a chunk loaded under the same conditions: a
    // page's first load was ~80 requests of 1–2 KB each, each a round trip on a slow connection
    // (Lighthouse on /dashboard, issue 18).
    rollupOptions: { output: { experimentalMinChunkSize: 10_000 } },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
