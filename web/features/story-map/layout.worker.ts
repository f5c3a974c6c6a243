/// <reference lib="webworker" />
import { layoutGraph, type MapGraph } from './graph.ts';

/** Lays the story map out off the main thread: { graph, startId } in, positions out. */
self.onmessage = async (event: MessageEvent<{ graph: MapGraph; startId: string | null }>) => {
  try {
    const positions = await layoutGraph(event.data.graph, event.data.startId);
    self.postMessage({ ok: true, positions });
  } catch (err) {
    self.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) });
  }
};
