/// <reference lib="webworker" />
import { layoutGraph } from './graph.ts';
import { type PackedGraph, packPositions, unpackGraph } from './layout-wire.ts';

/** Lays the story map out off the main thread: { graph, startId } in, x/y pairs out. */
self.onmessage = async (event: MessageEvent<{ graph: PackedGraph; startId: string | null }>) => {
  try {
    const { graph, startId } = event.data;
    const xy = packPositions(graph.ids, await layoutGraph(unpackGraph(graph), startId));
    self.postMessage({ ok: true, xy }, [xy.buffer]);
  } catch (err) {
    self.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) });
  }
};
