import type { MapGraph, Positions } from './graph.ts';
import { packGraph, unpackPositions } from './layout-wire.ts';

/** Waits before starting the worker again (ms): after 2 s, then after 4 s more. */
const RETRY_MS = [2000, 4000];

/**
 * Runs the layout in a Web Worker, so laying out thousands of scenes never blocks the page. A
 * worker that fails before answering is started again after RETRY_MS: its script is a request
 * of its own, which can fail on its own (the busy guard once refused it with 503 right after a
 * 10,000-scene story; server/plugins/pressure.ts now lets the build's files through), and the
 * map then said 'The map could not be laid out' for good.
 */
export function layoutInWorker(
  graph: MapGraph,
  startId: string | null,
  retryMs: readonly number[] = RETRY_MS,
): Promise<Positions> {
  const packed = packGraph(graph);
  const attempt = (waits: readonly number[]) =>
    new Promise<Positions>((resolve, reject) => {
      const worker = new Worker(new URL('./layout.worker.ts', import.meta.url), {
        type: 'module',
      });
      worker.onmessage = (
        event: MessageEvent<{ ok: true; xy: Float64Array } | { ok: false; message: string }>,
      ) => {
        worker.terminate();
        if (event.data.ok) resolve(unpackPositions(packed.ids, event.data.xy));
        else reject(new Error(event.data.message));
      };
      worker.onerror = (event) => {
        worker.terminate();
        const [wait, ...later] = waits;
        if (wait === undefined) reject(new Error(event.message || 'The map layout failed'));
        else setTimeout(() => attempt(later).then(resolve, reject), wait);
      };
      // Copies are handed over, so a worker started again has its own.
      const from = packed.from.slice();
      const to = packed.to.slice();
      worker.postMessage({ graph: { ids: packed.ids, from, to }, startId }, [
        from.buffer,
        to.buffer,
      ]);
    });
  return attempt(retryMs);
}
