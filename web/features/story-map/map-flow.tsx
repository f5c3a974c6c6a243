import { type Edge, Handle, MarkerType, type Node, type NodeProps, Position } from '@xyflow/react';
import { memo } from 'react';
import { cn } from '../../lib/cn.ts';
import { type MapLink, type MapNode, NODE_HEIGHT, NODE_WIDTH } from './graph.ts';

/** A box's data: the node, and whether the map's search found it. */
export type SceneFlowNode = Node<MapNode & { hit?: boolean } & Record<string, unknown>, 'scene'>;
/** The map's one node type: a scene, placeholder or missing-scene box. */
export const NODE_TYPES = { scene: memo(SceneBox) };
/** Every node is drawn from known sizes and handle spots, so arrows to boxes never rendered still show. */
const HANDLES = [
  { type: 'target' as const, position: Position.Left, x: 0, y: NODE_HEIGHT / 2 },
  { type: 'source' as const, position: Position.Right, x: NODE_WIDTH, y: NODE_HEIGHT / 2 },
];

/**
 * A box's classes: a few kinds of box share a few class lists, each merged (cn) once, not once
 * per box drawn (merging was a sixth of the time the map took to draw its first boxes).
 */
function boxClass(kind: MapNode['kind'], problem: boolean, isStart: boolean, hit: boolean): string {
  const key = `${kind} ${problem} ${isStart} ${hit}`;
  let classes = boxClasses.get(key);
  if (classes === undefined) {
    classes = cn(
      'flex h-full w-full flex-col justify-center gap-0.5 overflow-hidden rounded-md border-2 bg-card px-2 text-left leading-tight',
      kind === 'pending' && 'border-dashed border-yellow-400 text-yellow-200',
      kind === 'missing' && 'border-destructive text-destructive',
      kind === 'scene' && (problem ? 'border-orange-400' : 'border-primary'),
      isStart && 'border-4',
      // A search hit: bright, thick and ringed, readable at any zoom.
      hit && 'bg-yellow-300/25 outline outline-8 outline-yellow-300',
      'cursor-pointer hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
      // The drop target of a link being drawn: the whole box.
      'group-data-[connecting]/map:hover:outline group-data-[connecting]/map:hover:outline-4 group-data-[connecting]/map:hover:outline-primary',
    );
    boxClasses.set(key, classes);
  }
  return classes;
}
const boxClasses = new Map<string, string>();

function SceneBox({ data }: NodeProps<SceneFlowNode>) {
  const problem = data.kind !== 'scene' || data.unreachable || data.deadEnd;
  const tags = [
    data.isStart && 'Initial',
    data.isEnding && 'Ending',
    data.unreachable && 'Unreachable',
    data.deadEnd && 'Dead end',
  ].filter(Boolean) as string[];
  if (data.hit) tags.unshift('Found');
  const content = (
    <>
      {/* Zoomed out (data-far on the map), the title alone, larger: readable at 45 %. */}
      <span className="truncate text-base group-data-[far]/map:line-clamp-2 group-data-[far]/map:whitespace-normal group-data-[far]/map:text-[1.75rem] group-data-[far]/map:leading-none">
        {data.title}
      </span>
      {/* A scene's ID always (two boxes may share a title); never a placeholder's internal 'pending-' id. */}
      <span className="truncate text-sm text-muted-foreground group-data-[far]/map:hidden">
        {data.kind === 'scene'
          ? data.id
          : data.kind === 'pending'
            ? 'Not yet written'
            : `Missing: ${data.id.split(':')[1]}`}
      </span>
      {tags.length > 0 ? (
        <span className="truncate text-sm group-data-[far]/map:hidden">{tags.join(' · ')}</span>
      ) : null}
    </>
  );
  const action =
    data.kind === 'scene'
      ? 'Edit scene: '
      : `Write the scene for this ${data.kind === 'pending' ? 'placeholder' : 'missing link'}: `;
  return (
    <div style={{ width: NODE_WIDTH, height: NODE_HEIGHT }} data-testid={`map-node-${data.id}`}>
      <Handle type="target" position={Position.Left} />
      <button
        type="button"
        title={
          data.kind === 'scene'
            ? undefined
            : data.kind === 'pending'
              ? 'Not yet written: click to write it'
              : 'Missing scene: click to write it'
        }
        className={boxClass(data.kind, problem, data.isStart, data.hit === true)}
      >
        <span className="sr-only">{action}</span>
        {content}
      </button>
      <Handle
        type="source"
        position={Position.Right}
        isConnectable={data.kind === 'scene'}
        className={data.kind === 'scene' ? '!size-3 !bg-primary' : undefined}
      />
    </div>
  );
}

/** The scene id a placeholder or missing node stands for ('pending:pending-x' → 'pending-x'). */
export const targetOf = (nodeId: string) => nodeId.slice(nodeId.indexOf(':') + 1);

/**
 * React Flow's box for a map node at its place: made once and kept while the node, its place and
 * its search hit stay the same (see flowEdge), so a box that stays in the map's window is the same
 * object to React Flow and is not drawn again.
 */
export function flowNode(n: MapNode, position: { x: number; y: number }, hit: boolean) {
  const made = madeNodes.get(n);
  if (made && made.position === position && made.data.hit === hit) return made;
  const node: SceneFlowNode = {
    id: n.id,
    type: 'scene',
    position,
    data: { ...n, hit },
    width: NODE_WIDTH,
    height: NODE_HEIGHT,
    handles: HANDLES,
    // Scenes can be dragged (their place is saved); placeholders follow their parent.
    draggable: n.kind === 'scene',
    connectable: true,
  };
  madeNodes.set(n, node);
  return node;
}
const madeNodes = new WeakMap<MapNode, SceneFlowNode>();

/**
 * React Flow's arrow for a map link, made once per link. The map hands React Flow only the boxes
 * and arrows near the view (see windowOf in map-window.ts), so these are made for those, as the
 * view reaches them, and never for all 10,000 scenes of a big story at once.
 */
export function flowEdge(l: MapLink): Edge {
  const made = madeEdges.get(l);
  if (made) return made;
  const color =
    l.kind === 'broken' ? 'var(--destructive)' : l.kind === 'pending' ? '#facc15' : undefined;
  const edge: Edge = {
    id: l.id,
    source: l.source,
    target: l.target,
    ariaLabel: `${l.source} → ${l.target}: ${l.label}`,
    markerEnd: { type: MarkerType.ArrowClosed, ...(color ? { color } : {}) },
    style: {
      ...(color ? { stroke: color } : {}),
      ...(l.kind === 'pending' ? { strokeDasharray: '6 4' } : {}),
    },
    selectable: false,
  };
  madeEdges.set(l, edge);
  return edge;
}
const madeEdges = new WeakMap<MapLink, Edge>();
