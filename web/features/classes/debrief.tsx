import { useEffect, useState } from 'react';
import type { ClassPage } from '../../../core/api/classes.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { exportPath } from './api/export-class.ts';
import { studentNamer } from './student-names.ts';

const REASONS = {
  shortcut: 'a shortcut where a lesson was on offer',
  lesson: 'taught nothing where another option taught a lesson',
  stats: 'another option was better on every stat',
} as const;

const percent = (n: number, of: number) => (of === 0 ? 0 : Math.round((n / of) * 100));

/**
 * The debrief (docs/class-mode.md 'Debrief'): the class's most common wrong turn, and the key
 * decisions one at a time (Previous / Next, or the arrow keys in present mode) with how the class
 * split over the options, the better option and the lessons behind them. `big`: the projector's
 * sizes. With names hidden nobody is named; otherwise each option lists who took it.
 */
export function Debrief({
  page,
  hideNames,
  big = false,
}: {
  page: ClassPage;
  hideNames: boolean;
  big?: boolean;
}) {
  const decisions = page.decisions;
  const [index, setIndex] = useState(0);
  const at = Math.min(index, Math.max(0, decisions.length - 1));
  const decision = decisions[at];
  const wrong = page.picture.weakPicks[0];
  const wrongAt = wrong ? decisions.findIndex((d) => d.sceneTitle === wrong.sceneTitle) : -1;
  const legend = (
    <p className={cn('text-base text-muted-foreground', big && 'text-xl')}>
      <span className="text-primary">■</span> better option ·{' '}
      <span className="text-amber-400">■</span> a better option was on offer · <span>■</span>{' '}
      neither
    </p>
  );

  useEffect(() => {
    if (!big) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
      if (e.key === 'ArrowRight') setIndex((i) => Math.min(i + 1, decisions.length - 1));
      if (e.key === 'ArrowLeft') setIndex((i) => Math.max(i - 1, 0));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [big, decisions.length]);

  const name = studentNamer(page.students, hideNames);
  const takers = (optionId: string) =>
    page.students.filter((s) => s.path.includes(optionId)).map(name);
  const wrongTurn = wrong && (
    <div
      className={cn(
        'rounded-md border border-amber-400/70 bg-amber-400/10 p-3',
        big && 'p-4 text-2xl',
      )}
    >
      <h3 className={cn('font-retro text-2xl text-amber-300', big && 'text-3xl')}>
        The class's most common wrong turn
      </h3>
      <p>
        <strong>{wrong.count}×</strong> “{wrong.option}” at {wrong.sceneTitle}:{' '}
        {REASONS[wrong.reason]}. Better: “{wrong.better}”.
      </p>
      {wrongAt >= 0 && wrongAt !== at && (
        <Button variant="outline" size="sm" className="mt-2" onClick={() => setIndex(wrongAt)}>
          Show this decision
        </Button>
      )}
    </div>
  );
  return (
    <section aria-label="Debrief" className={cn('grid gap-4', big && 'gap-6')}>
      {!big && wrongTurn}
      {!decision ? (
        <p className={cn('text-muted-foreground', big && 'text-3xl')}>
          No decisions yet: once students play, each decision shows how the class split.
        </p>
      ) : (
        <article aria-label={`Decision: ${decision.sceneTitle}`} className="grid gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div>
              <p className={cn('text-muted-foreground', big && 'text-2xl')}>
                Decision {at + 1} of {decisions.length}
                {decision.day !== null && ` · Day ${decision.day}`} · {decision.students}{' '}
                {decision.students === 1 ? 'student' : 'students'} decided
              </p>
              <h3 className={cn('font-retro text-3xl', big && 'text-5xl')}>
                {decision.sceneTitle}
              </h3>
            </div>
            <div className="flex gap-2">
              <Button
                variant="outline"
                size={big ? 'lg' : 'default'}
                disabled={at === 0}
                onClick={() => setIndex(at - 1)}
              >
                ← Previous
              </Button>
              <Button
                variant="outline"
                size={big ? 'lg' : 'default'}
                disabled={at >= decisions.length - 1}
                onClick={() => setIndex(at + 1)}
              >
                Next →
              </Button>
            </div>
          </div>
          <ul aria-label="How the class split" className="grid gap-3">
            {decision.options.map((o) => {
              const total = decision.options.reduce((n, x) => n + x.count, 0);
              const share = percent(o.count, total);
              const who = hideNames ? [] : takers(o.id);
              return (
                <li key={o.id} data-option={o.id} className="grid gap-1">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <span className={cn('text-xl', big && 'text-3xl')}>
                      {o.text}{' '}
                      {o.better && <Badge className={cn(big && 'text-2xl')}>Better option</Badge>}
                    </span>
                    <strong className={cn('text-xl tabular-nums', big && 'text-3xl')}>
                      {o.count} <span className="text-muted-foreground">({share}%)</span>
                    </strong>
                  </div>
                  <div
                    className={cn('h-4 w-full rounded bg-muted', big && 'h-6')}
                    role="img"
                    aria-label={`${o.count} of ${total} (${share}%)`}
                  >
                    <div
                      className={cn(
                        'h-full rounded',
                        o.better
                          ? 'bg-primary'
                          : o.betterWas
                            ? 'bg-amber-400'
                            : 'bg-muted-foreground',
                      )}
                      style={{ width: `${share}%` }}
                    />
                  </div>
                  {o.betterWas && (
                    <p className={cn('text-amber-300', big && 'text-2xl')}>
                      Better: “{o.betterWas.text}” ({REASONS[o.betterWas.reason]})
                    </p>
                  )}
                  {(o.lessons.length > 0 || o.bought.length > 0) && (
                    <p className={cn('text-muted-foreground', big && 'text-2xl')}>
                      {o.lessons.map((l) => `Lesson: ${l}`).join(' · ')}
                      {o.lessons.length > 0 && o.bought.length > 0 && ' · '}
                      {o.bought.map((b) => `Shortcut bought: ${b}`).join(' · ')}
                    </p>
                  )}
                  {who.length > 0 && (
                    <p className="text-base text-muted-foreground">{who.join(', ')}</p>
                  )}
                </li>
              );
            })}
          </ul>
          {legend}
          {!big && (
            <a
              className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'w-fit')}
              href={exportPath(page.class.id, decision.sceneId)}
              download
            >
              Download this decision (CSV)
            </a>
          )}
        </article>
      )}
      {big && wrongTurn}
    </section>
  );
}
