import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { preactAliases } from './vite.config.ts';

const reactRouterDev = path.resolve(
  import.meta.dirname,
  'node_modules/react-router/dist/development',
);

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
        // The web tests run on Preact, as the browser does (vite.config.ts): the packages that
        // import React are compiled by Vite too (inline below), so their `react` imports get the
        // same aliases.
        resolve: {
          // The packages' ESM builds (`module`), as the browser build takes: a CommonJS build's
          // require('react') is Node's own and loads the real React (react-remove-scroll's did).
          // Likewise the browser's export conditions: lucide-react's `node` one is CommonJS.
          mainFields: ['module', 'jsnext:main', 'jsnext', 'main'],
          conditions: ['module', 'browser', 'development|production'],
          alias: [
            ...preactAliases,
            // The package's ESM build (its main file is CommonJS, which requires the real React).
            { find: /^react-router$/, replacement: `${reactRouterDev}/index.mjs` },
            { find: /^react-router\/dom$/, replacement: `${reactRouterDev}/dom-export.mjs` },
            // Its package's main file is CommonJS, whose require() calls no alias reaches.
            {
              find: /^@testing-library\/react$/,
              replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
            },
          ],
        },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/**/*.test.{ts,tsx}'],
          setupFiles: ['test/web-setup.ts'],
          // Compiled by Vite: the packages that import React (and the bundles below, in .vite);
          // the others (DOMPurify, d3...) load as Node has them, which is faster.
          server: {
            deps: {
              inline: [
                /\/node_modules\/(\.vite|preact|react-router|radix-ui|@radix-ui|react-remove-scroll(-bar)?|react-style-singleton|use-callback-ref|use-sidecar|@floating-ui|@tanstack\/react-query|react-hook-form|@hookform|lucide-react|sonner|@xyflow|recharts|react-redux|@reduxjs|zustand|use-sync-external-store|@testing-library\/react)\//,
              ],
            },
          },
          // Bundled once per run instead of compiled file by file (lucide-react's entry alone
          // re-exports some 1,500 icon files; compiling them made the admin screens' first test
          // time out). `react` stays outside the bundles, so it gets the alias; Preact's own
          // entries are listed so that every bundle and the app share one Preact.
          deps: {
            optimizer: {
              client: {
                enabled: true,
                include: [
                  'preact',
                  'preact/hooks',
                  'preact/compat',
                  'preact/compat/client',
                  'preact/compat/jsx-runtime',
                  'preact/compat/jsx-dev-runtime',
                  'preact/test-utils',
                  'lucide-react',
                  'radix-ui',
                  '@tanstack/react-query',
                  'react-hook-form',
                  '@hookform/resolvers/zod',
                  'zod',
                  'sonner',
                  '@xyflow/react',
                  'recharts',
                ],
              },
            },
          },
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
