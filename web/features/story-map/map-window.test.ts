import { describe, expect, it } from 'vitest';
import { layeredLayout, NODE_HEIGHT, NODE_WIDTH, type Positions } from './graph.ts';
import { packGraph, packPositions, unpackGraph, unpackPositions } from './layout-wire.ts';
import { contains, grow, shownRect, windowOf } from './map-window.ts';

const node = (id: string) => ({
  id,
  kind: 'scene' as const,
  title: id,
  isStart: false,
  isEnding: false,
  unreachable: false,
  deadEnd: false,
});
const edge = (source: string, target: string) => ({ id: `${source}-${target}`, source, target });

describe('map window', () => {
  it('turns a viewport into the map rectangle it shows, and grows it', () => {
    const r = shownRect({ x: -200, y: 100, zoom: 0.5 }, 1000, 600);
    expect(r).toEqual({ x0: 400, y0: -200, x1: 2400, y1: 1000 });
    const g = grow(r, 1);
    expect(g).toEqual({ x0: -1600, y0: -1400, x1: 4400, y1: 2200 });
    expect(contains(g, r)).toBe(true);
    expect(contains(r, g)).toBe(false);
  });

  it('keeps the boxes in the window, the arrows crossing it and both ends of those arrows', () => {
    const positions: Positions = {
      in: { x: 0, y: 0 },
      far: { x: 10_000, y: 0 },
      left: { x: -5000, y: 0 },
      right: { x: 5000, y: 0 },
      away: { x: 0, y: 20_000 },
      away2: { x: 500, y: 20_000 },
    };
    const nodes = Object.keys(positions).map(node);
    const edges = [
      edge('in', 'far'),
      edge('left', 'right'), // crosses the window without a box in it
      edge('away', 'away2'),
    ];
    const shown = windowOf(nodes, edges, positions, { x0: -100, y0: -100, x1: 400, y1: 300 });
    expect(shown.nodes.map((n) => n.id).sort()).toEqual(['far', 'in', 'left', 'right']);
    expect(shown.edges.map((e) => e.id)).toEqual(['in-far', 'left-right']);
  });

  it('counts a box that only overlaps the window edge', () => {
    const positions: Positions = { a: { x: -NODE_WIDTH + 1, y: -NODE_HEIGHT + 1 } };
    const shown = windowOf([node('a')], [], positions, { x0: 0, y0: 0, x1: 10, y1: 10 });
    expect(shown.nodes).toHaveLength(1);
  });
});

describe('layout wire format', () => {
  it('packs a graph for the worker and lays it out as the unpacked graph would be', () => {
    const graph = {
      nodes: ['s', 'a', 'b', 'c'].map(node),
      links: [
        { ...edge('s', 'a'), label: '', kind: 'scene' as const },
        { ...edge('s', 'b'), label: '', kind: 'scene' as const },
        { ...edge('b', 'c'), label: '', kind: 'scene' as const },
        { ...edge('b', 'nowhere'), label: '', kind: 'scene' as const },
      ],
    };
    const packed = packGraph(graph);
    expect(packed.ids).toEqual(['s', 'a', 'b', 'c']);
    expect([...packed.from]).toEqual([0, 0, 2]);
    expect([...packed.to]).toEqual([1, 2, 3]);
    const back = unpackGraph(packed);
    expect(back.links.map((l) => `${l.source}>${l.target}`)).toEqual(['s>a', 's>b', 'b>c']);
    const positions = layeredLayout(back, 's');
    expect(unpackPositions(packed.ids, packPositions(packed.ids, positions))).toEqual(positions);
    expect(positions).toEqual(layeredLayout({ ...graph, links: graph.links.slice(0, 3) }, 's'));
  });
});
