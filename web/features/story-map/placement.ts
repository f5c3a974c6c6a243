import {
  GAP_X,
  GAP_Y,
  type LayoutGraph,
  NODE_HEIGHT,
  NODE_WIDTH,
  type Positions,
} from './graph.ts';

const COLUMN = NODE_WIDTH + GAP_X;
const ROW = NODE_HEIGHT + GAP_Y;

/** A grid of the cells boxes cover, to find a free spot without comparing every pair of boxes. */
class Occupied {
  private cells = new Set<string>();
  add(p: { x: number; y: number }) {
    for (const key of this.keys(p)) this.cells.add(key);
  }
  free(p: { x: number; y: number }): boolean {
    return this.keys(p).every((key) => !this.cells.has(key));
  }
  private keys(p: { x: number; y: number }): string[] {
    const c0 = Math.floor(p.x / COLUMN);
    const c1 = Math.floor((p.x + NODE_WIDTH - 1) / COLUMN);
    const r0 = Math.floor(p.y / ROW);
    const r1 = Math.floor((p.y + NODE_HEIGHT - 1) / ROW);
    const keys: string[] = [];
    for (let c = c0; c <= c1; c++) for (let r = r0; r <= r1; r++) keys.push(`${c},${r}`);
    return keys;
  }
}

/**
 * Where each box is drawn: a position the author saved (dragged) wins over the automatic layout.
 * A box without one whose parent (a scene with an arrow to it) has a saved or placed position goes
 * one column right of that parent, on the nearest free row, so a new scene appears next to the
 * scene it was written from. Other boxes keep their automatic place.
 */
export function placeBoxes(
  graph: LayoutGraph,
  auto: Positions,
  saved: Readonly<Record<string, { x: number; y: number } | undefined>>,
): Positions {
  const out: Positions = {};
  const occupied = new Occupied();
  for (const n of graph.nodes) {
    const p = saved[n.id];
    if (p) {
      out[n.id] = p;
      occupied.add(p);
    }
  }
  if (Object.keys(out).length === 0) return auto;
  const children = new Map<string, string[]>();
  for (const l of graph.links) {
    const list = children.get(l.source);
    if (list) list.push(l.target);
    else children.set(l.source, [l.target]);
  }
  // Breadth first from the saved boxes, so a chain of new scenes grows to the right.
  const queue = Object.keys(out);
  for (let i = 0; i < queue.length; i++) {
    const parent = out[queue[i] as string] as { x: number; y: number };
    for (const child of children.get(queue[i] as string) ?? []) {
      if (out[child]) continue;
      out[child] = freeSpot(occupied, { x: parent.x + COLUMN, y: parent.y });
      queue.push(child);
    }
  }
  // A box no placed box leads to (a scene added elsewhere): its automatic place, or the nearest
  // free row to it.
  for (const n of graph.nodes) out[n.id] ??= freeSpot(occupied, auto[n.id] ?? { x: 0, y: 0 });
  return out;
}

/** The free spot nearest `at` in its column (rows below and above in turn), now taken. */
function freeSpot(occupied: Occupied, at: { x: number; y: number }) {
  let spot = at;
  for (let k = 1; !occupied.free(spot) && k < 400; k++) {
    // +1, -1, +2, -2 ... rows
    spot = { x: at.x, y: at.y + (k % 2 === 1 ? (k + 1) / 2 : -k / 2) * ROW };
  }
  occupied.add(spot);
  return spot;
}
