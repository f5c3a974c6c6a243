import { useEffect, useRef, useState } from 'react';

/** Height of the frame until (or unless) its page reports its own. */
const DEFAULT_FRAME_HEIGHT = 320;
/** The tallest the frame grows, so a runaway page cannot push the options off screen forever. */
const MAX_FRAME_HEIGHT = 2000;

/**
 * Reads a height report posted by the frame's page: `{ type: 'scene-html-height', height }`
 * (or any object with a numeric `height`). Returns the clamped height in px, or null.
 */
function frameHeightFrom(data: unknown): number | null {
  if (typeof data !== 'object' || data === null) return null;
  const h = (data as { height?: unknown }).height;
  if (typeof h !== 'number' || !Number.isFinite(h) || h <= 0) return null;
  return Math.min(Math.ceil(h), MAX_FRAME_HEIGHT);
}

/**
 * A scene's html_section: the server's page at `src` in an iframe sandboxed with
 * allow-scripts only, so its scripts run in an opaque origin that cannot read the player's
 * session. The frame takes the height its page posts (from this frame only), else a fixed one.
 */
export function SceneHtmlFrame({ src, title }: { src: string; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(DEFAULT_FRAME_HEIGHT);

  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (!frame.current || e.source !== frame.current.contentWindow) return;
      const h = frameHeightFrom(e.data);
      if (h !== null) setHeight(h);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  return (
    <iframe
      ref={frame}
      src={src}
      title={title}
      sandbox="allow-scripts"
      loading="lazy"
      referrerPolicy="no-referrer"
      style={{ height }}
      className="w-full rounded-md border border-border bg-background"
    />
  );
}
