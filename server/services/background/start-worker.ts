import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * Starts the worker thread `name` that sits beside the calling module (`callerUrl`: its
 * import.meta.url): dist/server/<name>.js next to the compiled chunk (scripts/build-server.ts
 * builds it), or from source (development, tests) <name>.ts through tsx's API.
 */
export function startWorker(callerUrl: string, name: string, workerData?: unknown): Worker {
  if (!callerUrl.endsWith('.ts')) {
    return new Worker(new URL(`./${name}.js`, callerUrl), { workerData });
  }
  // tsx's ESM API (its `import` build; require.resolve finds the CommonJS one beside it).
  const api = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const script = new URL(`./${name}.ts`, callerUrl).href;
  const boot = `import(${JSON.stringify(pathToFileURL(api).href)}).then((t) => t.tsImport(${JSON.stringify(script)}, ${JSON.stringify(script)}))`;
  return new Worker(boot, { eval: true, workerData });
}
