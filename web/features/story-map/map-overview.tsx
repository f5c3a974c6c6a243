import { useReactFlow, useStore } from '@xyflow/react';
import { type MouseEvent, useEffect, useMemo, useRef } from 'react';
import { type MapLink, NODE_HEIGHT, NODE_WIDTH, type Positions, type StoryPart } from './graph.ts';

/** The overview's width: half the map, within these bounds (a story is usually a long strip). */
const MIN_WIDTH = 220;
const MAX_WIDTH = 520;
/** Its height follows the story's shape, within these bounds. */
const MAX_HEIGHT = 180;
const MIN_HEIGHT = 56;
const PAD = 6;
/** Room above the boxes for the day labels. */
const LABEL_ROOM = 14;
/** Past this many links the overview draws boxes only (drawing them would cost a long task). */
const MAX_LINKS = 30_000;

/** The story's bounds in map pixels and the scale that fits them into an overview this wide. */
function frameOf(positions: Positions, width: number, labelled: boolean) {
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
  const top = PAD + (labelled ? LABEL_ROOM : 0);
  const height = Math.round(
    Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, ((y1 - y0) / (x1 - x0)) * width + top + PAD)),
  );
  const scale = Math.min((width - 2 * PAD) / (x1 - x0), (height - top - PAD) / (y1 - y0));
  return { x0, y0, scale, width, height, top };
}

type Frame = NonNullable<ReturnType<typeof frameOf>>;

/** What the overview draws besides the boxes. */
interface Shape {
  links: MapLink[];
  parts: StoryPart[];
  startId: string | null;
  endings: ReadonlySet<string>;
}

/** The overview's scale: map pixels to canvas pixels, and a box's size there. */
function scaleOf(fit: Frame) {
  return {
    sx: (x: number) => PAD + (x - fit.x0) * fit.scale,
    sy: (y: number) => fit.top + (y - fit.y0) * fit.scale,
    w: Math.max(2, NODE_WIDTH * fit.scale),
    h: Math.max(1.5, NODE_HEIGHT * fit.scale),
  };
}

/** The whole story's arrows on the overview, as faint lines (drawn first, under the boxes). */
function drawLinks(ctx: CanvasRenderingContext2D, fit: Frame, positions: Positions, shape: Shape) {
  ctx.clearRect(0, 0, fit.width, fit.height);
  const { sx, sy, w, h } = scaleOf(fit);
  if (shape.links.length <= MAX_LINKS) {
    ctx.strokeStyle = 'rgba(74, 222, 128, 0.28)';
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (const l of shape.links) {
      const a = positions[l.source];
      const b = positions[l.target];
      if (!a || !b) continue;
      ctx.moveTo(sx(a.x) + w, sy(a.y) + h / 2);
      ctx.lineTo(sx(b.x), sy(b.y) + h / 2);
    }
    ctx.stroke();
  }
}

/**
 * The whole story's boxes on the overview, over its arrows: every box as a dot (the start white,
 * endings amber, search hits yellow, the selected scene white), and each day framed and named.
 */
function drawBoxes(
  ctx: CanvasRenderingContext2D,
  fit: Frame,
  positions: Positions,
  shape: Shape,
  hits: ReadonlySet<string>,
  selected: string | null,
) {
  const { sx, sy, w, h } = scaleOf(fit);
  // One colour set per kind of dot, not per dot: setting it parses the colour every time.
  const dots = (ids: Iterable<string>, color: string, grow = 0) => {
    ctx.fillStyle = color;
    for (const id of ids) {
      const p = positions[id];
      if (p) ctx.fillRect(sx(p.x) - grow, sy(p.y) - grow, w + 2 * grow, h + 2 * grow);
    }
  };
  dots(Object.keys(positions), '#16a34a');
  dots(shape.endings, '#f59e0b', 1);
  if (shape.startId) dots([shape.startId], '#f0fdf4', 1.5);

  // Each day: a frame around its boxes and its name above, unless it would cover the last name.
  ctx.font = '11px ui-monospace, monospace';
  ctx.textBaseline = 'bottom';
  let labelEnd = Number.NEGATIVE_INFINITY;
  for (const part of shape.parts) {
    let x0 = Number.POSITIVE_INFINITY;
    let y0 = Number.POSITIVE_INFINITY;
    let x1 = Number.NEGATIVE_INFINITY;
    let y1 = Number.NEGATIVE_INFINITY;
    for (const id of part.ids) {
      const p = positions[id];
      if (!p) continue;
      x0 = Math.min(x0, sx(p.x));
      y0 = Math.min(y0, sy(p.y));
      x1 = Math.max(x1, sx(p.x) + w);
      y1 = Math.max(y1, sy(p.y) + h);
    }
    if (x0 === Number.POSITIVE_INFINITY) continue;
    ctx.strokeStyle = 'rgba(250, 204, 21, 0.55)';
    ctx.setLineDash([3, 2]);
    ctx.strokeRect(x0 - 1.5, y0 - 1.5, x1 - x0 + 3, y1 - y0 + 3);
    ctx.setLineDash([]);
    const long = part.label;
    const short = part.label.replace(/^Day /, '');
    const label = ctx.measureText(long).width <= x1 - x0 + 2 ? long : short;
    // Named over its own frame only: with many days, every second or third day is named.
    if (x0 < labelEnd + 4 || x0 + ctx.measureText(label).width > fit.width) continue;
    ctx.fillStyle = '#fde68a';
    ctx.fillText(label, x0, Math.max(LABEL_ROOM, y0 - 2));
    labelEnd = x0 + ctx.measureText(label).width;
  }

  dots(hits, '#fde047', 2);
  if (selected) dots([selected], '#ffffff', 2);
}

/**
 * The overview in the map's corner: the story's shape (every box, its arrows, its days framed
 * and named, the start and the endings), search hits and the selected scene, and the part the
 * map shows as a frame. A click or drag there moves the map. Drawn on a canvas: React Flow's own
 * minimap only knows the boxes near the view.
 */
export function MapOverview({
  positions,
  shape,
  hits,
  selected,
  viewSize,
}: {
  positions: Positions;
  shape: Shape;
  hits: ReadonlySet<string>;
  selected: string | null;
  /** The map's size on screen (for the frame and the overview's own width). */
  viewSize: () => { width: number; height: number } | null;
}) {
  const boxes = useRef<HTMLCanvasElement>(null);
  const frame = useRef<HTMLCanvasElement>(null);
  const flow = useReactFlow();
  const transform = useStore((s) => s.transform);
  const mapWidth = useStore((s) => s.width);
  const width = Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, mapWidth * 0.5)));
  const labelled = shape.parts.length > 0;
  // Not before React Flow has measured the map (its width 0 until then): the overview's width
  // follows it, so a frame worked out (and drawn: 10,000 boxes, 15,000 arrows) before that was
  // worked out and drawn again right after, while the map opens.
  const measured = mapWidth > 0;
  const fit = useMemo(
    () => (measured ? frameOf(positions, width, labelled) : null),
    [positions, width, labelled, measured],
  );
  const height = fit?.height ?? MIN_HEIGHT;

  // Drawn in tasks of their own, the arrows in one and the boxes in the next: 10,000 boxes and
  // 15,000 arrows must not lengthen the task that shows the map, nor make one long task together.
  useEffect(() => {
    const ctx = boxes.current?.getContext('2d');
    if (!ctx || !fit) return;
    let timer = setTimeout(() => {
      drawLinks(ctx, fit, positions, shape);
      timer = setTimeout(() => drawBoxes(ctx, fit, positions, shape, hits, selected), 0);
    }, 0);
    return () => clearTimeout(timer);
  }, [positions, shape, hits, selected, fit]);

  useEffect(() => {
    const ctx = frame.current?.getContext('2d');
    const size = viewSize();
    if (!ctx || !fit || !size) return;
    const [tx, ty, zoom] = transform;
    ctx.clearRect(0, 0, fit.width, height);
    ctx.strokeStyle = '#fafafa';
    ctx.lineWidth = 1.5;
    ctx.strokeRect(
      PAD + (-tx / zoom - fit.x0) * fit.scale,
      fit.top + (-ty / zoom - fit.y0) * fit.scale,
      (size.width / zoom) * fit.scale,
      (size.height / zoom) * fit.scale,
    );
  }, [transform, fit, viewSize, height]);

  const moveTo = (event: MouseEvent<HTMLCanvasElement>) => {
    if (!fit) return;
    const r = event.currentTarget.getBoundingClientRect();
    // The canvas is drawn at width × height and shown smaller on a phone.
    const x = (((event.clientX - r.left) * fit.width) / r.width - PAD) / fit.scale + fit.x0;
    const y = (((event.clientY - r.top) * height) / r.height - fit.top) / fit.scale + fit.y0;
    void flow.setCenter(x, y, { zoom: flow.getZoom() });
  };

  const count = useMemo(() => Object.keys(positions).length, [positions]);
  const scenes = count.toLocaleString('en-US');
  const days = labelled ? `${shape.parts.length} days, ` : '';
  return (
    <div
      // On a phone the overview is shown at 60 % (the canvas keeps its size; clicks scale back).
      className="absolute right-2 bottom-2 z-10 origin-bottom-right rounded border border-border bg-background/90 max-sm:scale-[0.6]"
      style={{ width, height }}
      data-testid="map-overview"
    >
      <canvas ref={boxes} width={width} height={height} className="absolute inset-0 size-full" />
      <canvas
        ref={frame}
        width={width}
        height={height}
        className="absolute inset-0 size-full cursor-pointer"
        aria-label={`Overview of the whole story (${days}${scenes} boxes): click to go there`}
        role="img"
        onClick={moveTo}
        onMouseMove={(e) => {
          if (e.buttons === 1) moveTo(e);
        }}
      />
    </div>
  );
}
