import os from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    globalSetup: ['./test/global-setup.ts'],
    // Vitest's default is one worker less than the cores: one worker on a 2-core machine, where
    // most test time is spent waiting on a server, a database or Chromium. Two at least.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'analytics',
          include: ['packages/analytics/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'tooling',
          include: ['test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          setupFiles: ['./test/fail-on-console-error.ts'],
          // the server and CLI bundled from the sources once, for tests that start them as processes
          globalSetup: ['./apps/server/src/testing/server-bundle.global-setup.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // screen tests render whole screens: on two busy cores one can take several seconds
          testTimeout: 20_000,
          setupFiles: ['./apps/web/test/setup.ts', './test/fail-on-console-error.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Each file starts its own server (free port, own database) and Chromium
          // (e2e/support/server.ts), so e2e files run side by side and beside the other projects'
          // files instead of one by one after them.
        },
      },
    ],
  },
});
