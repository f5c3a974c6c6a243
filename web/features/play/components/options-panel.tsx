import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { PlayOption } from '../../../../core/api/play.ts';
import { ExternalLink, LoaderCircle, Lock } from '../../../components/icons.ts';
import { cn } from '../../../lib/cn.ts';

/** product rules "Limits": the options stay locked 500 ms after a click. */
const OPTION_LOCK_MS = 500;

/** Fades in after 250 ms: a wait that ends within a frame (most answers) shows nothing. */
const SHOWN_IF_SLOW = 'animate-[fade-in_150ms_ease-out_250ms_both]';
/** Dims after 250 ms, likewise. */
const DIMMED_IF_SLOW = 'animate-[dim_150ms_ease-out_250ms_both]';

/** What became of a dispatched option: the screen moves on, or the player stays here. */
export type ChoiceOutcome = 'leave' | 'stay';

export interface OptionsPanelProps {
  options: readonly PlayOption[];
  /** Handles a dispatched option (not external URLs, not locked ones). */
  onChoose: (option: PlayOption) => Promise<ChoiceOutcome> | ChoiceOutcome;
  /** Opens an external option; defaults to a new tab without access to this page. */
  openExternal?: (url: string) => void;
  /**
   * The scene was painted ahead of its choice's answer: the locks shown are the old stats'. The
   * options dim (only if the wait lasts) and every one takes a click, which `onChoose` holds
   * until the answer says whether it is locked.
   */
  pending?: boolean;
}

function openInNewTab(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/** True when a key press happens in a place where digits are text, not shortcuts. */
function typingOrModal(e: KeyboardEvent): boolean {
  const el = e.target as HTMLElement | null;
  if (el?.closest('input, textarea, select, [contenteditable="true"]')) return true;
  return document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;
}

/** The options a player can take first, then the locked ones, each group in stored order. */
export function takeableFirst(options: readonly PlayOption[]): PlayOption[] {
  return [...options.filter((o) => !o.locked), ...options.filter((o) => o.locked)];
}

/**
 * 'What will you do?' (product rules "Screens", "Play" rules 'Option click'). A click highlights the
 * option, locks the panel and dispatches the option at once (the next scene paints in the same
 * frame when it was prefetched: instant choices); the lock holds at least 500 ms, or
 * for good when the screen moves on. External-URL options open in a new tab and do nothing
 * else. Locked options come last, disabled, with why, so the ones a player can take are never
 * below them. Keys 1–9 pick the option with that number. While the answer is awaited on this
 * screen (an event or advertisement may come first), the clicked option shows a spinner once
 * the wait lasts.
 */
export function OptionsPanel({
  options: stored,
  onChoose,
  openExternal = openInNewTab,
  pending = false,
}: OptionsPanelProps) {
  const options = useMemo(() => takeableFirst(stored), [stored]);
  const [selected, setSelected] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  const busy = useRef(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      for (const t of timers.current) clearTimeout(t);
    };
  }, []);

  const later = useCallback((ms: number) => {
    return new Promise<void>((resolve) => {
      timers.current.push(setTimeout(resolve, ms));
    });
  }, []);

  const pick = useCallback(
    async (option: PlayOption) => {
      if (option.locked && !pending) return;
      if (option.nextUrl) {
        openExternal(option.nextUrl);
        return;
      }
      if (busy.current) return;
      busy.current = true;
      setSelected(option.id);
      setWaiting(true);
      const dispatchedAt = Date.now();
      let outcome: ChoiceOutcome = 'stay';
      try {
        outcome = await onChoose(option);
      } catch (err) {
        console.error('Choice failed', err);
      }
      if (!alive.current) return;
      setWaiting(false);
      if (outcome === 'leave') return;
      await later(Math.max(0, dispatchedAt + OPTION_LOCK_MS - Date.now()));
      if (!alive.current) return;
      busy.current = false;
      setSelected(null);
    },
    [onChoose, openExternal, later, pending],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.repeat || !/^[1-9]$/.test(e.key)) return;
      if (typingOrModal(e)) return;
      const option = options[Number(e.key) - 1];
      if (!option) return;
      e.preventDefault();
      void pick(option);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [options, pick]);

  const locked = selected !== null;
  return (
    <section aria-labelledby="options-heading" className="flex flex-col gap-3">
      <h2 id="options-heading" className="font-retro text-3xl text-glow">
        What will you do?
      </h2>
      {pending && (
        <p className={cn(SHOWN_IF_SLOW, 'text-lg text-muted-foreground')}>
          Checking your decision…
        </p>
      )}
      <ol
        aria-busy={pending || undefined}
        className={cn('flex flex-col gap-2', pending && DIMMED_IF_SLOW)}
      >
        {options.map((option, i) => {
          const isSelected = selected === option.id;
          const reasonId = `option-reason-${option.id}`;
          return (
            <li key={option.id}>
              <button
                type="button"
                disabled={option.locked && !pending}
                aria-disabled={locked && !option.locked ? true : undefined}
                aria-describedby={option.lockedReason ? reasonId : undefined}
                aria-keyshortcuts={i < 9 ? String(i + 1) : undefined}
                data-selected={isSelected || undefined}
                aria-busy={(isSelected && waiting) || undefined}
                onClick={() => void pick(option)}
                className={cn(
                  'flex w-full cursor-pointer items-start gap-3 rounded-md border border-border bg-background px-4 py-3 text-left text-scene-choice transition-colors',
                  'hover:border-primary hover:bg-accent disabled:cursor-not-allowed disabled:opacity-60',
                  isSelected &&
                    'border-primary bg-primary text-primary-foreground hover:bg-primary',
                  locked && !isSelected && 'cursor-wait opacity-70',
                )}
              >
                <span aria-hidden="true" className="font-retro text-2xl leading-tight">
                  {i + 1}.
                </span>
                <span className="flex flex-1 flex-col gap-1">
                  <span>
                    {option.text}
                    {option.nextUrl && (
                      <>
                        <ExternalLink aria-hidden="true" className="ml-2 inline size-4" />
                        <span className="sr-only"> (opens in a new tab)</span>
                      </>
                    )}
                  </span>
                  {isSelected && waiting && (
                    <span className={cn(SHOWN_IF_SLOW, 'flex items-center gap-1 text-base')}>
                      <LoaderCircle aria-hidden="true" className="size-4 shrink-0 animate-spin" />
                      One moment…
                    </span>
                  )}
                  {option.locked && option.lockedReason && (
                    <span id={reasonId} className="flex items-center gap-1 text-base">
                      <Lock aria-hidden="true" className="size-4 shrink-0" />
                      {option.lockedReason}
                    </span>
                  )}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
