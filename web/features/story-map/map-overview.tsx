import { useReactFlow, useStore } from '@xyflow/react';
import { type MouseEvent, useEffect, useMemo, useRef } from 'react';
import { NODE_HEIGHT, NODE_WIDTH, type Positions } from './graph.ts';

const WIDTH = 220;
/** The overview is as tall as the story's shape needs, up to this (a wide story: a strip). */
const MAX_HEIGHT = 150;
const MIN_HEIGHT = 40;
const PAD = 6;

/** The story's bounds in map pixels and the scale that fits them into the overview. */
function frameOf(positions: Positions) {
  const all = Object.values(positions);
  if (all.length === 0) return null;
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (const p of all) {
    x0 = Math.min(x0, p.x);
    y0 = Math.min(y0, p.y);
    x1 = Math.max(x1, p.x + NODE_WIDTH);
    y1 = Math.max(y1, p.y + NODE_HEIGHT);
  }
  const height = Math.round(
    Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, ((y1 - y0) / (x1 - x0)) * WIDTH + 2 * PAD)),
  );
  const scale = Math.min((WIDTH - 2 * PAD) / (x1 - x0), (height - 2 * PAD) / (y1 - y0));
  return { x0, y0, scale, height };
}

type Frame = NonNullable<ReturnType<typeof frameOf>>;

/** Every box as a dot: search hits yellow, the selected scene white. */
function drawBoxes(
  ctx: CanvasRenderingContext2D,
  fit: Frame,
  positions: Positions,
  hits: ReadonlySet<string>,
  selected: string | null,
) {
  ctx.clearRect(0, 0, WIDTH, fit.height);
  const w = Math.max(2, NODE_WIDTH * fit.scale);
  const h = Math.max(1.5, NODE_HEIGHT * fit.scale);
  const dot = (id: string, color: string, grow = 0) => {
    const p = positions[id];
    if (!p) return;
    ctx.fillStyle = color;
    ctx.fillRect(
      PAD + (p.x - fit.x0) * fit.scale - grow,
      PAD + (p.y - fit.y0) * fit.scale - grow,
      w + 2 * grow,
      h + 2 * grow,
    );
  };
  for (const id of Object.keys(positions)) dot(id, '#15803d');
  for (const id of hits) dot(id, '#fde047', 2);
  if (selected) dot(selected, '#ffffff', 2);
}

/**
 * The overview in the map's corner: every box of the story as a dot (search hits yellow, the
 * selected scene white), and the part the map shows as a frame. A click or drag there moves the
 * map. Drawn on a canvas: React Flow's own minimap only knows the boxes near the view.
 */
export function MapOverview({
  positions,
  hits,
  selected,
  viewSize,
}: {
  positions: Positions;
  hits: ReadonlySet<string>;
  selected: string | null;
  /** The map's size on screen (for the frame). */
  viewSize: () => { width: number; height: number } | null;
}) {
  const boxes = useRef<HTMLCanvasElement>(null);
  const frame = useRef<HTMLCanvasElement>(null);
  const flow = useReactFlow();
  const transform = useStore((s) => s.transform);
  const fit = useMemo(() => frameOf(positions), [positions]);
  const height = fit?.height ?? MIN_HEIGHT;

  // Drawn in a task of its own: 10,000 boxes must not lengthen the task that shows the map.
  useEffect(() => {
    const ctx = boxes.current?.getContext('2d');
    if (!ctx || !fit) return;
    const timer = setTimeout(() => drawBoxes(ctx, fit, positions, hits, selected), 0);
    return () => clearTimeout(timer);
  }, [positions, hits, selected, fit]);

  useEffect(() => {
    const ctx = frame.current?.getContext('2d');
    const size = viewSize();
    if (!ctx || !fit || !size) return;
    const [tx, ty, zoom] = transform;
    ctx.clearRect(0, 0, WIDTH, height);
    ctx.strokeStyle = '#fafafa';
    ctx.lineWidth = 1.5;
    ctx.strokeRect(
      PAD + (-tx / zoom - fit.x0) * fit.scale,
      PAD + (-ty / zoom - fit.y0) * fit.scale,
      (size.width / zoom) * fit.scale,
      (size.height / zoom) * fit.scale,
    );
  }, [transform, fit, viewSize, height]);

  const moveTo = (event: MouseEvent<HTMLCanvasElement>) => {
    if (!fit) return;
    const r = event.currentTarget.getBoundingClientRect();
    // The canvas is drawn at WIDTH × height and shown smaller on a phone.
    const x = (((event.clientX - r.left) * WIDTH) / r.width - PAD) / fit.scale + fit.x0;
    const y = (((event.clientY - r.top) * height) / r.height - PAD) / fit.scale + fit.y0;
    void flow.setCenter(x, y, { zoom: flow.getZoom() });
  };

  return (
    <div
      // On a phone the overview is shown at 60 % (the canvas keeps its size; clicks scale back).
      className="absolute right-2 bottom-2 z-10 origin-bottom-right rounded border border-border bg-background/90 max-sm:scale-[0.6]"
      style={{ width: WIDTH, height }}
      data-testid="map-overview"
    >
      <canvas ref={boxes} width={WIDTH} height={height} className="absolute inset-0 size-full" />
      <canvas
        ref={frame}
        width={WIDTH}
        height={height}
        className="absolute inset-0 size-full cursor-pointer"
        aria-label="Overview of the whole story: click to go there"
        role="img"
        onClick={moveTo}
        onMouseMove={(e) => {
          if (e.buttons === 1) moveTo(e);
        }}
      />
    </div>
  );
}
