import { type CSSProperties, Fragment, useState } from 'react';
import { Pause, Play } from '../../../components/icons.ts';
import { useAfterFirstPaint } from '../../../lib/use-after-first-paint.ts';
import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion.ts';

/** product rules "Limits": the ticker moves 1 px every 20 ms and starts over at -1500 px. */
const TICKER_STEP_MS = 20;
const TICKER_STEP_PX = 1;
const TICKER_WRAP_PX = -1500;
/** product rules "Play": the items are repeated four times, separated by bullets. */
const TICKER_REPEAT = 4;
const COPY_KEYS = ['copy-1', 'copy-2', 'copy-3', 'copy-4'] as const;

/** One news line; a link opens in a new tab. */
export interface TickerItem {
  id: string;
  content: string;
  link: string | null;
}

/**
 * The ticker's motion as a CSS animation (the `ticker` keyframes in globals.css): one step of
 * TICKER_STEP_PX every TICKER_STEP_MS from 0 to the wrap point, then over again. The
 * compositor moves it: no script runs every 20 ms on the page's main thread.
 */
const STEPS = -TICKER_WRAP_PX / TICKER_STEP_PX;
const MOTION: CSSProperties = {
  animation: `ticker ${STEPS * TICKER_STEP_MS}ms steps(${STEPS}) infinite`,
};

function ItemText({ item, hidden }: { item: TickerItem; hidden: boolean }) {
  if (!item.link) return <span>{item.content}</span>;
  return (
    <a
      href={item.link}
      target="_blank"
      rel="noopener noreferrer"
      tabIndex={hidden ? -1 : undefined}
      className="underline-offset-4 hover:underline"
    >
      {item.content}
    </a>
  );
}

/**
 * The news ticker above the game header (product rules "Play", "Limits" rules). It moves by a
 * stepped CSS animation of the strip's transform, pauses (where it is) while hovered or focused
 * or when the player presses Pause, and stands still for players who ask for reduced motion. Only the first of the four
 * copies is read by screen readers; the others are decoration.
 */
export function NewsTicker({ items }: { items: readonly TickerItem[] }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const moving = items.length > 0 && !reducedMotion && !hovered && !focused && !stopped;
  // The first paint of a ticker mounted in the browser has only the copy on screen; the three
  // others, off to the right, come in the render after it.
  const allCopies = useAfterFirstPaint();

  if (items.length === 0) return null;
  const copies = reducedMotion || !allCopies ? 1 : TICKER_REPEAT;
  return (
    <section
      aria-label="News"
      className="flex items-stretch border-b border-border bg-muted text-lg"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className={reducedMotion ? 'flex-1 px-4 py-1' : 'flex-1 overflow-hidden py-1'}>
        <div
          data-testid="news-strip"
          style={
            reducedMotion || items.length === 0
              ? undefined
              : { ...MOTION, animationPlayState: moving ? 'running' : 'paused' }
          }
          className={
            reducedMotion ? 'flex flex-wrap gap-x-3' : 'flex w-max gap-x-3 whitespace-nowrap'
          }
        >
          {COPY_KEYS.slice(0, copies).map((copyKey, copy) => (
            <div key={copyKey} aria-hidden={copy > 0 || undefined} className="contents">
              {items.map((item, i) => (
                <Fragment key={item.id}>
                  {(copy > 0 || i > 0) && <span aria-hidden="true">•</span>}
                  <ItemText item={item} hidden={copy > 0} />
                </Fragment>
              ))}
            </div>
          ))}
        </div>
      </div>
      {!reducedMotion && (
        <button
          type="button"
          onClick={() => setStopped((s) => !s)}
          aria-pressed={stopped}
          className="flex cursor-pointer items-center border-l border-border px-2 text-muted-foreground hover:text-foreground"
        >
          {stopped ? (
            <Play aria-hidden="true" className="size-4" />
          ) : (
            <Pause aria-hidden="true" className="size-4" />
          )}
          <span className="sr-only">Pause news</span>
        </button>
      )}
    </section>
  );
}
