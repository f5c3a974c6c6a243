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

  it('keeps boxes already shown where they were: a scene written for a placeholder takes its spot, a new box never lands on another', () => {
    // What the map showed: a, and its placeholder beside it.
    const shown = { a: { x: 0, y: 0 }, 'pending:pending-b': { x: 330, y: 0 } };
    const written = {
      nodes: [{ id: 'a' }, { id: 'b' }, { id: 'lone' }],
      links: [{ id: '1', source: 'a', target: 'b' }],
    };
    // A new layout would put everything elsewhere, and 'lone' on top of a.
    const fresh = { a: { x: 500, y: 500 }, b: { x: 830, y: 500 }, lone: { x: 0, y: 0 } };
    const p = placeBoxes(written, fresh, shown);
    expect(p.a).toEqual(shown.a);
    expect(p.b).toEqual(shown['pending:pending-b']);
    expect(p.lone?.x).toBe(0);
    expect(p.lone?.y).not.toBe(0);
  });
});
