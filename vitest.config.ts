import { defineConfig } from 'vitest/config';

// Three projects: node (core, server, scripts), web (jsdom) and e2e (a real Chromium, run by `npm run test:e2e`).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'core/**/*.test.ts',
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'test/**/*.test.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Every server test file also checks the API contract (test/server/contract.ts).
          // Processes a test file started are killed with it (test/process-group.ts).
          setupFiles: ['test/server/contract-setup.ts', 'test/process-setup.ts'],
        },
      },
      {
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/**/*.test.{ts,tsx}'],
          setupFiles: ['test/web-setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          setupFiles: ['test/process-setup.ts'],
        },
      },
    ],
  },
});
