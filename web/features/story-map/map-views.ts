import { NODE_HEIGHT, NODE_WIDTH, type Positions } from './graph.ts';
import type { Rect, View } from './map-window.ts';

/* Where the story map's view goes for 'Fit', a day and the start (web/features/story-map/story-map.tsx). */

/** A box on the page: the map's region. */
interface Box {
  width: number;
  height: number;
}

/**
 * The viewport that fits these boxes (all when none are named), at least `minZoom` (computed
 * here: React Flow's own fit waits for every box to be measured, which boxes off screen never are).
 */
export function fittedView(
  positions: Positions,
  box: Box | null,
  minZoom: number,
  ids?: string[],
): View | null {
  const all = ids
    ? ids.flatMap((id) => (positions[id] ? [positions[id]] : []))
    : Object.values(positions);
  if (!box || all.length === 0) return null;
  const minX = Math.min(...all.map((p) => p.x));
  const minY = Math.min(...all.map((p) => p.y));
  const width = Math.max(...all.map((p) => p.x)) + NODE_WIDTH - minX;
  const height = Math.max(...all.map((p) => p.y)) + NODE_HEIGHT - minY;
  const zoom = Math.max(
    minZoom,
    Math.min(1, (box.width * 0.92) / width, (box.height * 0.92) / height),
  );
  return {
    x: (box.width - width * zoom) / 2 - minX * zoom,
    y: (box.height - height * zoom) / 2 - minY * zoom,
    zoom,
  };
}

/** A readable view of the left edge of these boxes, their rows centred when they fit. */
export function beginningView(
  positions: Positions,
  ids: string[],
  zoom: number,
  height: number,
): View {
  const all = ids.flatMap((id) => (positions[id] ? [positions[id]] : []));
  const first = all.reduce((a, b) => (b.x < a.x || (b.x === a.x && b.y < a.y) ? b : a));
  const y0 = Math.min(...all.map((p) => p.y));
  const y1 = Math.max(...all.map((p) => p.y)) + NODE_HEIGHT;
  const cy = (y1 - y0) * zoom <= height ? (y0 + y1) / 2 : first.y + NODE_HEIGHT / 2;
  return { x: 24 - first.x * zoom, y: height / 2 - cy * zoom, zoom };
}

/** A readable view at the start of the story (its left edge, the start scene's row). */
export function startView(
  positions: Positions,
  startId: string | null,
  zoom: number,
  height: number,
): View {
  const start = (startId ? positions[startId] : undefined) ?? { x: 0, y: 0 };
  return { x: 24 - start.x * zoom, y: height / 2 - (start.y + NODE_HEIGHT / 2) * zoom, zoom };
}

/** The part (day) the author is looking at: the selected scene's, else the one nearest the middle of what is shown. */
export function partInView<P extends { ids: string[] }>(
  parts: P[],
  positions: Positions,
  selected: string | null,
  shown: Rect,
): P | null {
  if (parts.length === 0) return null;
  const chosen = selected ? parts.find((p) => p.ids.includes(selected)) : undefined;
  if (chosen) return chosen;
  const cx = (shown.x0 + shown.x1) / 2;
  const cy = (shown.y0 + shown.y1) / 2;
  let best: { part: P; d: number } | null = null;
  for (const part of parts) {
    for (const id of part.ids) {
      const p = positions[id];
      if (!p) continue;
      const d = (p.x + NODE_WIDTH / 2 - cx) ** 2 + (p.y + NODE_HEIGHT / 2 - cy) ** 2;
      if (!best || d < best.d) best = { part, d };
    }
  }
  return best?.part ?? null;
}
