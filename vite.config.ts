import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiServer = 'http://localhost:3000';
const reactRouterBuild = path.resolve(
  import.meta.dirname,
  'node_modules/react-router/dist/production',
);
const ADMIN_CODE = /\/web\/((routes|features)\/admin\/|app\/admin-)/;

/**
 * The browser runs the app on Preact (preact/compat) instead of React: the same components, a
 * tenth of the download (docs/performance.md, 'The 100 KB goal'). The server renderer keeps
 * React's streaming render, which Preact hydrates (docs/architecture.md, 'Two renderers').
 * vitest.config.ts gives the web tests the same names.
 */
export const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

/**
 * Writes `.br` and `.gz` copies of the built scripts, styles and SVGs next to them, so the server
 * sends them compressed without spending CPU per request (@fastify/static `preCompressed`).
 */
function precompress(): Plugin {
  let outDir = '';
  const compressible = /\.(js|mjs|css|svg|json|txt|xml|map)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
    );
  return {
    name: 'seo-adventure:precompress',
    // Only the browser's files are served: the server renderer's build (dist/ssr) is not.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!compressible.test(file) || statSync(file).size < 1024) continue;
        const data = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
            },
          }),
        );
      }
    },
  };
}

/**
 * Writes dist/web/.vite/modules.json: for each built chunk, the bytes each source module takes
 * in it (minified, before compression). `npm run bench` (scripts/bench/bundle.ts) reads it to
 * say which packages and folders a player's download is made of.
 */
function moduleSizes(): Plugin {
  return {
    name: 'seo-adventure:module-sizes',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle(_options, bundle) {
      const chunks: Record<string, Record<string, number>> = {};
      for (const [file, chunk] of Object.entries(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const modules: Record<string, number> = {};
        for (const [id, m] of Object.entries(chunk.modules)) {
          const name = path
            .relative(import.meta.dirname, id.replace(/\0/g, ''))
            .replaceAll('\\', '/');
          if (m.renderedLength > 0) modules[name] = m.renderedLength;
        }
        chunks[file] = modules;
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/modules.json',
        source: JSON.stringify(chunks),
      });
    },
  };
}

/**
 * The chunks whose code Start and the first scene run: the entry (router, query cache, app
 * shell), Preact, the icons, the game layout, the scene screen and its choice flow.
 */
const EAGER_CHUNKS = new Set([
  'index',
  'compat',
  'jsx-runtime',
  'icons',
  'game-layout',
  'scene',
  'use-choice-flow',
]);

/**
 * Marks those chunks with V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, the first
 * line of the file): Chromium compiles all their functions as it loads them (the game's chunks are
 * preloaded from '/' after its own), instead of each one lazily the first time it runs, which
 * was 8-16 ms of Start's click (Chrome trace, V8.CompileCode inside the click's task; ~2 ms
 * with the hint). Other engines read a comment.
 */
function compileHints(): Plugin {
  return {
    name: 'seo-adventure:compile-hints',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    // On the written files: the hint must be the first line, and Vite puts its preload map
    // (`__vite__mapDeps`) in front of a chunk's code after the plugins' hooks; minification
    // drops comments; the client build writes no source maps. precompress runs after this.
    writeBundle(options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !EAGER_CHUNKS.has(chunk.name)) continue;
        const file = path.join(options.dir ?? '', chunk.fileName);
        writeFileSync(file, `//# allFunctionsCalledOnLoad\n${readFileSync(file, 'utf8')}`);
      }
    },
  };
}

/**
 * Puts the app's stylesheet into index.html as a <style> element instead of a <link>: the first
 * paint of a server-rendered page then needs no second request (on a phone network one round
 * trip and more). The file stays in the build for the manifest and the admin's own styles.
 */
function inlineCss(): Plugin {
  return {
    name: 'seo-adventure:inline-css',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(
          /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
          (tag, file: string) => {
            const asset = ctx.bundle?.[file];
            return asset?.type === 'asset' ? `<style>${String(asset.source).trim()}</style>` : tag;
          },
        );
      },
    },
  };
}

// The web app lives in web/ and is built into dist/web/, which the Fastify server serves; its
// server renderer (`vite build --ssr entry-server.tsx`) goes to dist/ssr/, which the server loads
// (server/plugins/web.ts). In development (`npm run dev:web`) Vite proxies the API and uploads to
// that server.
export default defineConfig(({ isSsrBuild }) => ({
  root: 'web',
  plugins: [react(), tailwindcss(), inlineCss(), compileHints(), moduleSizes(), precompress()],
  // React Router's production build (the package's exports always point at its development
  // build, which keeps its warnings): the same code without them, for the browser and the
  // server renderer alike, both names on the same files so there is one router context.
  resolve: {
    alias: [
      { find: /^react-router$/, replacement: `${reactRouterBuild}/index.mjs` },
      { find: /^react-router\/dom$/, replacement: `${reactRouterBuild}/dom-export.mjs` },
      ...(isSsrBuild ? [] : preactAliases),
    ],
  },
  // The server renderer carries the packages it uses (tree-shaken, React's production build)
  // instead of loading whole packages from node_modules at run time (lucide-react's every icon,
  // radix-ui's every primitive, React's development build when NODE_ENV is unset).
  ...(isSsrBuild
    ? {
        ssr: { noExternal: true },
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      }
    : {}),
  build: isSsrBuild
    ? {
        outDir: '../dist/ssr',
        emptyOutDir: true,
        copyPublicDir: false,
        // Minified, names kept (stack traces still name the functions): V8 keeps every loaded
        // module's source text, and the bundle's comments and whitespace were ~2 MB of the
        // heap's strings (docs/operations.md 'Running it', memory).
        rolldownOptions: { output: { minify: { compress: true, mangle: false } } },
      }
    : {
        outDir: '../dist/web',
        emptyOutDir: true,
        // dist/web/.vite/manifest.json: `npm run bench` reads the player routes' chunks from it.
        manifest: true,
        // Every browser the app supports has <link rel="modulepreload">: no polyfill on each page.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          output: {
            // Chunks of admin screens (and chunks made only of admin code) go to assets/admin/, so
            // anyone can check that player pages never load them: index.html and the player chunks
            // must not import from that folder. Admin code lives under web/routes/admin/ or
            // web/features/admin/.
            chunkFileNames(chunk) {
              const facade = chunk.facadeModuleId?.replaceAll('\\', '/') ?? '';
              const ids = chunk.moduleIds.map((id) => id.replaceAll('\\', '/'));
              const isAdmin =
                ADMIN_CODE.test(facade) ||
                (ids.length > 0 && ids.every((id) => ADMIN_CODE.test(id)));
              return isAdmin ? 'assets/admin/[name]-[hash].js' : 'assets/[name]-[hash].js';
            },
          },
        },
      },
  server: {
    proxy: {
      '/api': apiServer,
      '/uploads': apiServer,
    },
  },
  preview: {
    proxy: {
      '/api': apiServer,
      '/uploads': apiServer,
    },
  },
}));
