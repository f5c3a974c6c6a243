import { type Edge, Handle, MarkerType, type Node, type NodeProps, Position } from '@xyflow/react';
import { memo } from 'react';
import { cn } from '../../lib/cn.ts';
import { type MapGraph, type MapNode, NODE_HEIGHT, NODE_WIDTH, type Positions } from './graph.ts';

/** A box's data: the node, and whether the map's search found it. */
export type SceneFlowNode = Node<MapNode & { hit?: boolean } & Record<string, unknown>, 'scene'>;
/** The map's one node type: a scene, placeholder or missing-scene box. */
export const NODE_TYPES = { scene: memo(SceneBox) };
/** Every node is drawn from known sizes and handle spots, so arrows to boxes never rendered still show. */
const HANDLES = [
  { type: 'target' as const, position: Position.Left, x: 0, y: NODE_HEIGHT / 2 },
  { type: 'source' as const, position: Position.Right, x: NODE_WIDTH, y: NODE_HEIGHT / 2 },
];

function SceneBox({ data }: NodeProps<SceneFlowNode>) {
  const problem = data.kind !== 'scene' || data.unreachable || data.deadEnd;
  const box = cn(
    'flex h-full w-full flex-col justify-center gap-0.5 overflow-hidden rounded-md border-2 bg-card px-2 text-left leading-tight',
    data.kind === 'pending' && 'border-dashed border-yellow-400 text-yellow-200',
    data.kind === 'missing' && 'border-destructive text-destructive',
    data.kind === 'scene' && (problem ? 'border-orange-400' : 'border-primary'),
    data.isStart && 'border-4',
    // A search hit: bright, thick and ringed, readable at any zoom.
    data.hit && 'bg-yellow-300/25 outline outline-8 outline-yellow-300',
  );
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
        className={cn(
          box,
          'cursor-pointer hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
          // The drop target of a link being drawn: the whole box.
          'group-data-[connecting]/map:hover:outline group-data-[connecting]/map:hover:outline-4 group-data-[connecting]/map:hover:outline-primary',
        )}
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

/** The boxes and arrows React Flow draws, at their laid-out positions. */
export function toFlow(
  graph: MapGraph,
  positions: Positions,
  hits: ReadonlySet<string> = new Set(),
): { nodes: SceneFlowNode[]; edges: Edge[] } {
  const nodes: SceneFlowNode[] = graph.nodes.map((n) => ({
    id: n.id,
    type: 'scene',
    position: positions[n.id] ?? { x: 0, y: 0 },
    data: { ...n, hit: hits.has(n.id) },
    width: NODE_WIDTH,
    height: NODE_HEIGHT,
    handles: HANDLES,
    // Scenes can be dragged (their place is saved); placeholders follow their parent.
    draggable: n.kind === 'scene',
    connectable: true,
  }));
  const edges: Edge[] = graph.links.map((l) => {
    const color =
      l.kind === 'broken' ? 'var(--destructive)' : l.kind === 'pending' ? '#facc15' : undefined;
    return {
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
  });
  return { nodes, edges };
}
