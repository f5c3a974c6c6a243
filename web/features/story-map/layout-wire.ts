import type { LayoutGraph, MapGraph, Positions } from './graph.ts';

/**
 * A graph as the layout worker gets it: box ids and arrow ends as indexes into them. Copying
 * 10,000 node and 15,000 link objects into a worker takes the page longer than the layout does;
 * a list of strings and two typed arrays (handed over, not copied) take a few milliseconds.
 */
export interface PackedGraph {
  ids: string[];
  from: Int32Array;
  to: Int32Array;
}

/** The ids and arrow ends of a map graph, packed for the worker. */
export function packGraph(graph: MapGraph): PackedGraph {
  const ids = graph.nodes.map((n) => n.id);
  const index = new Map(ids.map((id, i) => [id, i]));
  const links = graph.links.filter((l) => index.has(l.source) && index.has(l.target));
  const from = new Int32Array(links.length);
  const to = new Int32Array(links.length);
  links.forEach((l, i) => {
    from[i] = index.get(l.source) as number;
    to[i] = index.get(l.target) as number;
  });
  return { ids, from, to };
}

/** The packed graph as the layouts read it (arrows are named by their position). */
export function unpackGraph(packed: PackedGraph): LayoutGraph {
  const { ids, from, to } = packed;
  return {
    nodes: ids.map((id) => ({ id })),
    links: Array.from(from, (f, i) => ({
      id: String(i),
      source: ids[f] as string,
      target: ids[to[i] as number] as string,
    })),
  };
}

/** Positions as x, y pairs in the order of `ids`. */
export function packPositions(ids: string[], positions: Positions): Float64Array {
  const xy = new Float64Array(ids.length * 2);
  ids.forEach((id, i) => {
    const p = positions[id];
    xy[2 * i] = p?.x ?? 0;
    xy[2 * i + 1] = p?.y ?? 0;
  });
  return xy;
}

/** The positions packPositions packed. */
export function unpackPositions(ids: string[], xy: Float64Array): Positions {
  const positions: Positions = {};
  ids.forEach((id, i) => {
    positions[id] = { x: xy[2 * i] as number, y: xy[2 * i + 1] as number };
  });
  return positions;
}
