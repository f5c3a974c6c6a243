import { NODE_HEIGHT, NODE_WIDTH, type Positions } from './graph.ts';

/** A rectangle in map coordinates. */
export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** React Flow's viewport: screen = map × zoom + (x, y). */
export interface View {
  x: number;
  y: number;
  zoom: number;
}

/** The part of the map a viewport of this size (screen pixels) shows. */
export function shownRect(view: View, width: number, height: number): Rect {
  const x0 = -view.x / view.zoom;
  const y0 = -view.y / view.zoom;
  return { x0, y0, x1: x0 + width / view.zoom, y1: y0 + height / view.zoom };
}

/** The rectangle grown by `times` its own width and height on every side. */
export function grow(r: Rect, times: number): Rect {
  const dx = (r.x1 - r.x0) * times;
  const dy = (r.y1 - r.y0) * times;
  return { x0: r.x0 - dx, y0: r.y0 - dy, x1: r.x1 + dx, y1: r.y1 + dy };
}

/** Whether `inner` lies wholly inside `outer`. */
export const contains = (outer: Rect, inner: Rect) =>
  inner.x0 >= outer.x0 && inner.y0 >= outer.y0 && inner.x1 <= outer.x1 && inner.y1 <= outer.y1;

const overlaps = (r: Rect, x0: number, y0: number, x1: number, y1: number) =>
  x0 <= r.x1 && x1 >= r.x0 && y0 <= r.y1 && y1 >= r.y0;

/**
 * The boxes and arrows React Flow gets for a window of the map: every box that overlaps it, every
 * arrow whose bounding box overlaps it, and the boxes at both ends of those arrows (React Flow
 * draws an arrow only between boxes it knows). React Flow's own bookkeeping costs time for every
 * box it is given, visible or not: handing it 10,000 boxes at once blocks the page for half a
 * second, a window of them does not.
 */
export function windowOf<N extends { id: string }, E extends { source: string; target: string }>(
  nodes: N[],
  edges: E[],
  positions: Positions,
  window: Rect,
): { nodes: N[]; edges: E[] } {
  const keep = new Set<string>();
  for (const n of nodes) {
    const p = positions[n.id];
    if (p && overlaps(window, p.x, p.y, p.x + NODE_WIDTH, p.y + NODE_HEIGHT)) keep.add(n.id);
  }
  const shownEdges = edges.filter((e) => {
    const s = positions[e.source];
    const t = positions[e.target];
    return (
      s !== undefined &&
      t !== undefined &&
      overlaps(
        window,
        Math.min(s.x, t.x),
        Math.min(s.y, t.y),
        Math.max(s.x, t.x) + NODE_WIDTH,
        Math.max(s.y, t.y) + NODE_HEIGHT,
      )
    );
  });
  for (const e of shownEdges) {
    keep.add(e.source);
    keep.add(e.target);
  }
  return { nodes: nodes.filter((n) => keep.has(n.id)), edges: shownEdges };
}
