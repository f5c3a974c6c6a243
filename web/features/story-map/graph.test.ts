import { describe, expect, it } from 'vitest';
import type { StoryMapResponse } from '../../../core/api/story.ts';
import {
  dagreLayout,
  layeredLayout,
  NODE_HEIGHT,
  NODE_WIDTH,
  placeholderId,
  storyDays,
  toGraph,
} from './graph.ts';

const scene = (id: string, isEnding = false) => ({
  id,
  title: id.toUpperCase(),
  isStart: false,
  isEnding,
  isEndOfDay: false,
  x: null,
  y: null,
});
const MAP: StoryMapResponse = {
  startId: 'a',
  scenes: [scene('a'), scene('b'), scene('c', true), scene('lost')],
  edges: [
    { id: 'a1', source: 'a', target: 'b', label: 'go b', kind: 'scene' },
    { id: 'a2', source: 'a', target: 'pending-x', label: 'later', kind: 'pending' },
    { id: 'b1', source: 'b', target: 'c', label: 'end', kind: 'scene' },
    { id: 'b2', source: 'b', target: 'gone', label: 'oops', kind: 'broken' },
    { id: 'b3', source: 'b', target: 'pending-x', label: 'later too', kind: 'pending' },
    { id: 'c1', source: 'c', target: null, label: 'site', kind: 'url' },
  ],
  unreachable: ['lost'],
  deadEnds: ['lost'],
  pendingTargets: ['pending-x'],
  broken: ['b2'],
};

describe('toGraph', () => {
  it('adds one placeholder per pending target and one node per missing scene, no arrow for URLs', () => {
    const g = toGraph(MAP);
    expect(g.nodes.map((n) => [n.id, n.kind])).toEqual([
      ['a', 'scene'],
      ['b', 'scene'],
      ['c', 'scene'],
      ['lost', 'scene'],
      [placeholderId('pending', 'pending-x'), 'pending'],
      [placeholderId('missing', 'gone'), 'missing'],
    ]);
    expect(g.links.map((l) => `${l.source}>${l.target}`)).toEqual([
      'a>b',
      'a>pending:pending-x',
      'b>c',
      'b>missing:gone',
      'b>pending:pending-x',
    ]);
    const lost = g.nodes.find((n) => n.id === 'lost');
    expect(lost).toMatchObject({ unreachable: true, deadEnd: true, isStart: false });
    expect(g.nodes[0]?.isStart).toBe(true);
  });
});

describe('layouts', () => {
  it('layered: columns by distance from the start, no two boxes on one spot', () => {
    const g = toGraph(MAP);
    const p = layeredLayout(g, 'a');
    expect(p.a?.x).toBe(0);
    expect(p.b?.x).toBeGreaterThan(p.a?.x ?? 0);
    expect(p.c?.x).toBeGreaterThan(p.b?.x ?? 0);
    const spots = new Set(Object.values(p).map((q) => `${q.x},${q.y}`));
    expect(spots.size).toBe(g.nodes.length);
  });

  it('layered: lays out 10,000 scenes with every node placed', () => {
    const scenes = Array.from({ length: 10_000 }, (_, i) => scene(`s${i}`));
    const edges = scenes.slice(1).map((s, i) => ({
      id: `e${i}`,
      source: `s${Math.floor(i / 3)}`,
      target: s.id,
      label: 'next',
      kind: 'scene' as const,
    }));
    const g = toGraph({ ...MAP, startId: 's0', scenes, edges, unreachable: [], deadEnds: [] });
    const p = layeredLayout(g, 's0');
    expect(Object.keys(p)).toHaveLength(10_000);
  });

  it('dagre: boxes do not overlap', async () => {
    const g = toGraph(MAP);
    const p = await dagreLayout(g);
    const boxes = Object.values(p);
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i], boxes[j]] as [{ x: number; y: number }, { x: number; y: number }];
        const apart = Math.abs(a.x - b.x) >= NODE_WIDTH || Math.abs(a.y - b.y) >= NODE_HEIGHT;
        expect(apart).toBe(true);
      }
    }
  });
});

describe('storyDays', () => {
  const scene = (id: string, isEndOfDay = false) => ({
    id,
    title: id,
    isStart: id === 'a',
    isEnding: false,
    isEndOfDay,
    x: null,
    y: null,
  });
  const edge = (source: string, target: string) => ({
    id: `${source}-${target}`,
    source,
    target,
    label: target,
    kind: 'scene' as const,
  });
  const base = { unreachable: [], deadEnds: [], pendingTargets: [], broken: [] };

  it('groups scenes by the end-of-day scenes on the way from the start', () => {
    const map = {
      ...base,
      startId: 'a',
      scenes: [scene('a'), scene('b'), scene('end1', true), scene('c'), scene('d'), scene('lone')],
      edges: [edge('a', 'b'), edge('b', 'end1'), edge('end1', 'c'), edge('c', 'd'), edge('a', 'd')],
    };
    // d is reached on day 1 straight from a: its earliest day.
    expect(storyDays(map)).toEqual([
      { label: 'Day 1', ids: ['a', 'b', 'd', 'end1'] },
      { label: 'Day 2', ids: ['c'] },
    ]);
  });

  it('is empty for a story without end-of-day scenes', () => {
    const map = {
      ...base,
      startId: 'a',
      scenes: [scene('a'), scene('b')],
      edges: [edge('a', 'b')],
    };
    expect(storyDays(map)).toEqual([]);
  });
});
