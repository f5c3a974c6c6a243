import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MapGraph, MapNode } from './graph.ts';
import { layoutInWorker } from './layout-client.ts';

const node = (id: string): MapNode => ({
  id,
  kind: 'scene',
  title: id,
  isStart: id === 'a',
  isEnding: false,
  unreachable: false,
  deadEnd: false,
});
const graph: MapGraph = {
  nodes: [node('a'), node('b')],
  links: [{ id: 'a-b', source: 'a', target: 'b', label: 'Go', kind: 'scene' }],
};

/**
 * A stand-in for the layout worker: the first `failures` started fail before answering (as one
 * whose script the server refused with 503), the next lays the boxes out in a row.
 */
function fakeWorkers(failures: number) {
  const started: { arrows: number }[] = [];
  class FakeWorker {
    onmessage: ((event: { data: unknown }) => void) | null = null;
    onerror: ((event: { message: string }) => void) | null = null;
    terminate() {}
    postMessage(message: { graph: { ids: string[]; from: Int32Array } }) {
      started.push({ arrows: message.graph.from.length });
      const fails = started.length <= failures;
      const { ids } = message.graph;
      setTimeout(() => {
        if (fails) this.onerror?.({ message: '' });
        else {
          const xy = new Float64Array(ids.flatMap((_, i) => [i * 100, 0]));
          this.onmessage?.({ data: { ok: true, xy } });
        }
      }, 0);
    }
  }
  vi.stubGlobal('Worker', FakeWorker);
  return started;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('layoutInWorker', () => {
  it('starts the worker again when it fails before answering, with the whole graph', async () => {
    const started = fakeWorkers(2);
    const positions = await layoutInWorker(graph, 'a', [0, 0]);
    expect(started).toEqual([{ arrows: 1 }, { arrows: 1 }, { arrows: 1 }]);
    expect(positions).toEqual({ a: { x: 0, y: 0 }, b: { x: 100, y: 0 } });
  });

  it('says the layout failed once every try has failed', async () => {
    const started = fakeWorkers(3);
    await expect(layoutInWorker(graph, 'a', [0, 0])).rejects.toThrow('The map layout failed');
    expect(started).toHaveLength(3);
  });
});
