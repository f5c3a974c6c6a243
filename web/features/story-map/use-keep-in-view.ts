import type { ReactFlowInstance } from '@xyflow/react';
import { type RefObject, useEffect, useRef } from 'react';
import { type MapLink, NODE_HEIGHT, NODE_WIDTH, type Positions } from './graph.ts';
import { contains, shownRect } from './map-window.ts';

type Request = { id: string; at: number } | null;

/**
 * Brings the requested scene (the one just written) and the boxes its options lead to into view
 * once a layout has it, and keeps it there through the layouts that follow. The returned ref is
 * the scene kept in view: the map sets it to null when the author moves the map or looks for
 * another scene.
 */
export function useKeepInView(
  request: Request,
  positions: Positions,
  links: MapLink[],
  flow: ReactFlowInstance,
  boxOf: () => { width: number; height: number } | null,
): RefObject<Request> {
  const keep = useRef<Request>(null);
  const lastRequest = useRef(request);
  useEffect(() => {
    if (request !== lastRequest.current) {
      lastRequest.current = request;
      keep.current = request;
    }
    const id = keep.current?.id;
    const p = id ? positions[id] : undefined;
    const box = boxOf();
    if (!id || !p || !box) return;
    // The scene and the boxes its options lead to (a new placeholder shows up beside it).
    const rect = { x0: p.x, y0: p.y, x1: p.x + NODE_WIDTH, y1: p.y + NODE_HEIGHT };
    for (const l of links) {
      const q = l.source === id ? positions[l.target] : undefined;
      if (!q) continue;
      rect.x0 = Math.min(rect.x0, q.x);
      rect.y0 = Math.min(rect.y0, q.y);
      rect.x1 = Math.max(rect.x1, q.x + NODE_WIDTH);
      rect.y1 = Math.max(rect.y1, q.y + NODE_HEIGHT);
    }
    if (contains(shownRect(flow.getViewport(), box.width, box.height), rect)) return;
    const zoom = Math.max(flow.getZoom(), 0.8);
    const fits = (rect.x1 - rect.x0) * zoom < box.width && (rect.y1 - rect.y0) * zoom < box.height;
    const [cx, cy] = fits
      ? [(rect.x0 + rect.x1) / 2, (rect.y0 + rect.y1) / 2]
      : [p.x + NODE_WIDTH / 2, p.y + NODE_HEIGHT / 2];
    void flow.setCenter(cx, cy, { zoom });
  }, [request, positions, flow, links, boxOf]);
  return keep;
}
