import type { MapGraph, Positions } from './graph.ts';
import { packGraph, unpackPositions } from './layout-wire.ts';

/** Runs the layout in a Web Worker, so laying out thousands of scenes never blocks the page. */
export function layoutInWorker(graph: MapGraph, startId: string | null): Promise<Positions> {
  const packed = packGraph(graph);
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (
      event: MessageEvent<{ ok: true; xy: Float64Array } | { ok: false; message: string }>,
    ) => {
      worker.terminate();
      if (event.data.ok) resolve(unpackPositions(packed.ids, event.data.xy));
      else reject(new Error(event.data.message));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'The map layout failed'));
    };
    worker.postMessage({ graph: packed, startId }, [packed.from.buffer, packed.to.buffer]);
  });
}
