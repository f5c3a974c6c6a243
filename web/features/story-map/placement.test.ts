import { describe, expect, it } from 'vitest';
import { GAP_X, NODE_WIDTH } from './graph.ts';
import { placeBoxes } from './placement.ts';

const graph = {
  nodes: [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }, { id: 'lone' }],
  links: [
    { id: '1', source: 'a', target: 'b' },
    { id: '2', source: 'a', target: 'c' },
    { id: '3', source: 'c', target: 'd' },
  ],
};
const auto = {
  a: { x: 0, y: 0 },
  b: { x: 330, y: 0 },
  c: { x: 330, y: 92 },
  d: { x: 660, y: 92 },
  lone: { x: 0, y: 500 },
};

describe('placeBoxes', () => {
  it('is the automatic layout when nothing was dragged', () => {
    expect(placeBoxes(graph, auto, {})).toBe(auto);
  });

  it('keeps saved places and puts new boxes beside their parent, never on top of another box', () => {
    const saved = { a: { x: 1000, y: 1000 }, b: { x: 1000 + NODE_WIDTH + GAP_X, y: 1000 } };
    const p = placeBoxes(graph, auto, saved);
    expect(p.a).toEqual(saved.a);
    expect(p.b).toEqual(saved.b);
    // c is new: one column right of a, on the nearest free row (b holds a's own row).
    expect(p.c?.x).toBe(saved.b.x);
    expect(p.c?.y).not.toBe(saved.b.y);
    expect(Math.abs((p.c?.y ?? 0) - 1000)).toBeLessThan(200);
    // d follows c, one column further.
    expect(p.d).toEqual({ x: (p.c?.x ?? 0) + NODE_WIDTH + GAP_X, y: p.c?.y });
    // A box no saved box leads to keeps its automatic place.
    expect(p.lone).toEqual(auto.lone);
  });
});
