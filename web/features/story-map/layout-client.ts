import type { MapGraph, Positions } from './graph.ts';

/** Runs the layout in a Web Worker, so laying out thousands of scenes never blocks the page. */
export function layoutInWorker(graph: MapGraph, startId: string | null): Promise<Positions> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (
      event: MessageEvent<{ ok: true; positions: Positions } | { ok: false; message: string }>,
    ) => {
      worker.terminate();
      if (event.data.ok) resolve(event.data.positions);
      else reject(new Error(event.data.message));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'The map layout failed'));
    };
    worker.postMessage({ graph, startId });
  });
}
