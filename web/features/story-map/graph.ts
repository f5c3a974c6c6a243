import { placeholderName } from '../../../core/api/admin-scenes-links.ts';
import type { StoryMapResponse } from '../../../core/api/story.ts';

/** Size of a scene box on the map, in map pixels. */
export const NODE_WIDTH = 220;
export const NODE_HEIGHT = 64;
export const GAP_X = 110;
export const GAP_Y = 28;
/** Up to this many nodes dagre lays the map out; above it a linear layered layout does (dagre is super-linear: ~5 s at 500 nodes). */
const DAGRE_LIMIT = 300;

type MapNodeKind = 'scene' | 'pending' | 'missing';

/** A box on the map: a scene, a 'not yet written' placeholder or a missing scene. */
export interface MapNode {
  id: string;
  kind: MapNodeKind;
  title: string;
  isStart: boolean;
  isEnding: boolean;
  unreachable: boolean;
  deadEnd: boolean;
}

/** An arrow: from a scene to a scene, placeholder or missing scene. */
export interface MapLink {
  id: string;
  source: string;
  target: string;
  label: string;
  kind: 'scene' | 'pending' | 'broken';
}

export interface MapGraph {
  nodes: MapNode[];
  links: MapLink[];
}

/** What a layout reads of a graph: box ids and arrow ends. */
export interface LayoutGraph {
  nodes: { id: string }[];
  links: { id: string; source: string; target: string }[];
}

/** Id of the map node of a pending link target or a missing scene. */
export const placeholderId = (kind: 'pending' | 'missing', target: string) => `${kind}:${target}`;

/**
 * The server's story map as boxes and arrows: one node per scene, one dashed 'not yet written'
 * node per pending target, one 'missing' node per id an option names but no scene has. Options to
 * URLs or nowhere draw no arrow (the scene may then be a dead end, which the server flags).
 */
export function toGraph(map: StoryMapResponse): MapGraph {
  const unreachable = new Set(map.unreachable);
  const deadEnds = new Set(map.deadEnds);
  const nodes: MapNode[] = map.scenes.map((s) => ({
    id: s.id,
    kind: 'scene',
    title: s.title,
    isStart: s.id === map.startId,
    isEnding: s.isEnding,
    unreachable: unreachable.has(s.id),
    deadEnd: deadEnds.has(s.id),
  }));
  const extra = new Map<string, MapNode>();
  const links: MapLink[] = [];
  // The option texts leading to each placeholder: one of them may be the author's own wording.
  const labels = new Map<string, string[]>();
  for (const e of map.edges) {
    if (e.kind !== 'pending' || !e.target) continue;
    labels.set(e.target, [...(labels.get(e.target) ?? []), e.label]);
  }
  for (const e of map.edges) {
    if (!e.target || (e.kind !== 'scene' && e.kind !== 'pending' && e.kind !== 'broken')) continue;
    let target = e.target;
    if (e.kind !== 'scene') {
      const kind = e.kind === 'pending' ? 'pending' : 'missing';
      target = placeholderId(kind, e.target);
      if (!extra.has(target)) {
        extra.set(target, {
          id: target,
          kind,
          title:
            e.kind === 'pending'
              ? placeholderName(e.target, labels.get(e.target) ?? [])
              : 'Missing scene',
          isStart: false,
          isEnding: false,
          unreachable: false,
          deadEnd: false,
        });
      }
    }
    links.push({ id: e.id, source: e.source, target, label: e.label, kind: e.kind });
  }
  return { nodes: [...nodes, ...extra.values()], links };
}

export type Positions = Record<string, { x: number; y: number }>;

/**
 * A layered layout in O(nodes + links): each node's column is its distance from the start scene
 * (breadth-first); nodes no path reaches start further columns from their own roots, in creation
 * order. Within a column nodes keep the order they were reached in, so children sit near their
 * parents. Used for big stories, where dagre would take minutes.
 */
export function layeredLayout(graph: LayoutGraph, startId: string | null): Positions {
  const next = new Map<string, string[]>();
  for (const l of graph.links) {
    const list = next.get(l.source);
    if (list) list.push(l.target);
    else next.set(l.source, [l.target]);
  }
  const rank = new Map<string, number>();
  const columns: string[][] = [];
  const place = (id: string, r: number) => {
    rank.set(id, r);
    const column = columns[r] ?? [];
    columns[r] = column;
    column.push(id);
  };
  const walk = (root: string) => {
    place(root, 0);
    const queue = [root];
    for (let i = 0; i < queue.length; i++) {
      const id = queue[i] as string;
      const r = rank.get(id) as number;
      for (const to of next.get(id) ?? []) {
        if (rank.has(to)) continue;
        place(to, r + 1);
        queue.push(to);
      }
    }
  };
  if (startId && graph.nodes.some((n) => n.id === startId)) walk(startId);
  for (const n of graph.nodes) if (!rank.has(n.id)) walk(n.id);
  const positions: Positions = {};
  columns.forEach((column, r) => {
    column.forEach((id, i) => {
      positions[id] = { x: r * (NODE_WIDTH + GAP_X), y: i * (NODE_HEIGHT + GAP_Y) };
    });
  });
  return positions;
}

/** dagre's layered layout (left to right), for stories up to DAGRE_LIMIT nodes. */
export async function dagreLayout(graph: LayoutGraph): Promise<Positions> {
  const dagre = (await import('@dagrejs/dagre')).default;
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: 'LR', nodesep: GAP_Y, ranksep: GAP_X });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of graph.nodes) g.setNode(n.id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  for (const l of graph.links) g.setEdge(l.source, l.target, {}, l.id);
  dagre.layout(g);
  const positions: Positions = {};
  for (const n of graph.nodes) {
    const p = g.node(n.id);
    positions[n.id] = { x: p.x - NODE_WIDTH / 2, y: p.y - NODE_HEIGHT / 2 };
  }
  return positions;
}

/** The layout for this graph: dagre when small enough, else the linear layered layout. */
export function layoutGraph(graph: LayoutGraph, startId: string | null): Promise<Positions> {
  if (graph.nodes.length <= DAGRE_LIMIT) return dagreLayout(graph);
  return Promise.resolve(layeredLayout(graph, startId));
}

/** A part of the story the overview names: a day (between end-of-day scenes). */
export interface StoryPart {
  label: string;
  ids: string[];
}

/**
 * The story's days: scenes reached from the start before any end-of-day scene are day 1, those
 * reached through one end-of-day scene day 2, and so on (each scene's earliest day). Scenes no
 * path reaches belong to no day. Empty when the story has no end-of-day scene (one day only).
 */
export function storyDays(map: StoryMapResponse): StoryPart[] {
  const endOfDay = new Set(map.scenes.filter((s) => s.isEndOfDay).map((s) => s.id));
  if (endOfDay.size === 0 || !map.startId) return [];
  const next = new Map<string, string[]>();
  for (const e of map.edges) {
    if (e.kind !== 'scene' || !e.target) continue;
    const list = next.get(e.source);
    if (list) list.push(e.target);
    else next.set(e.source, [e.target]);
  }
  // Breadth first by day: a day's scenes are all found before the next day starts.
  const day = new Map<string, number>([[map.startId, 1]]);
  let today = [map.startId];
  for (let d = 1; today.length > 0; d++) {
    const tomorrow: string[] = [];
    for (let i = 0; i < today.length; i++) {
      const id = today[i] as string;
      for (const to of next.get(id) ?? []) {
        if (day.has(to)) continue;
        if (endOfDay.has(id)) {
          day.set(to, d + 1);
          tomorrow.push(to);
        } else {
          day.set(to, d);
          today.push(to);
        }
      }
    }
    today = tomorrow;
  }
  const parts: StoryPart[] = [];
  for (const [id, d] of day) {
    const part = parts[d - 1] ?? { label: `Day ${d}`, ids: [] };
    parts[d - 1] = part;
    part.ids.push(id);
  }
  return parts.filter(Boolean);
}
