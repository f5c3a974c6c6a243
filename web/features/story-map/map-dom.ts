import type { ReactFlowInstance } from '@xyflow/react';
import { type KeyboardEvent, type RefObject, useEffect } from 'react';

/** The id of the box under the pointer where a drawn link was let go, if any. */
export function dropTarget(event: MouseEvent | TouchEvent): string | null {
  const point = 'changedTouches' in event ? event.changedTouches[0] : event;
  if (!point) return null;
  const under = document.elementFromPoint(point.clientX, point.clientY);
  return under?.closest('.react-flow__node')?.getAttribute('data-id') ?? null;
}

/**
 * On a wide screen (lg), the height that takes the map from where it starts to the bottom of the
 * window, so the whole map and its controls are on screen (re-measured when the window or what
 * is above the map changes), set as `--map-h` on `target` (the map and its side panel); none on
 * narrower screens, where the page scrolls past the map. Set on the element, not through state:
 * a state change re-rendered the whole map (React Flow and every box shown) in the frame that
 * laid it out at its new height, which made the longest task of opening a 10,000-scene story.
 */
export function useFillHeight(
  region: RefObject<HTMLElement | null>,
  target: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    const wide = window.matchMedia('(min-width: 1024px)');
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const el = region.current;
        const style = target.current?.style;
        if (!style) return;
        if (!el || !wide.matches) return style.removeProperty('--map-h');
        const top = el.getBoundingClientRect().top + window.scrollY;
        style.setProperty(
          '--map-h',
          `${Math.max(320, Math.round(window.innerHeight - top - 28))}px`,
        );
      });
    };
    measure();
    const seen = new ResizeObserver(measure);
    seen.observe(document.body);
    window.addEventListener('resize', measure);
    return () => {
      cancelAnimationFrame(frame);
      seen.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [region, target]);
}

const PAN_STEP = 120;

/** The map's keys: arrows pan, + and - zoom, 0 fits the story (`fitStory`). */
export function panZoomKey(
  event: KeyboardEvent<HTMLElement>,
  flow: ReactFlowInstance,
  fitStory: () => void,
) {
  const vp = flow.getViewport();
  const moves: Record<string, [number, number]> = {
    ArrowLeft: [PAN_STEP, 0],
    ArrowRight: [-PAN_STEP, 0],
    ArrowUp: [0, PAN_STEP],
    ArrowDown: [0, -PAN_STEP],
  };
  const move = moves[event.key];
  if (move) {
    event.preventDefault();
    void flow.setViewport({ x: vp.x + move[0], y: vp.y + move[1], zoom: vp.zoom });
  } else if (event.key === '+' || event.key === '=') {
    event.preventDefault();
    void flow.zoomIn({ duration: 150 });
  } else if (event.key === '-') {
    event.preventDefault();
    void flow.zoomOut({ duration: 150 });
  } else if (event.key === '0') {
    event.preventDefault();
    fitStory();
  }
}
