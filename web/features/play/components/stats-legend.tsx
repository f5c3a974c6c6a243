import {
  SEARCH_POSITION_HELP,
  SEARCH_POSITION_HIDDEN_HELP,
  STAT_MEANINGS,
} from '../../../../core/game/stat-meaning.ts';
import { STAT_LABELS } from '../../../../core/game/stats.ts';
import { STAT_KEYS } from '../../../../core/game/stats.types.ts';
import { cn } from '../../../lib/cn.ts';
import { AfterFirstPaint } from '../../../lib/use-after-first-paint.ts';

/** The search position as shown: '#12', or '?' until the story reveals it. */
export function positionText(position: number | null): string {
  return position === null ? '?' : `#${position}`;
}

/**
 * 'What the stats mean' (docs/scene-layout.md "Stats"): a fold a keyboard reaches (its summary
 * is a button), with one sentence per stat, which way is good, and the search position.
 */
export function StatsLegend({
  positionKnown,
  className,
}: {
  positionKnown: boolean;
  className?: string;
}) {
  return (
    <details className={cn('text-base', className)} data-testid="stats-legend">
      <summary className="cursor-pointer text-muted-foreground underline underline-offset-4 hover:text-foreground">
        What the stats mean
      </summary>
      {/* Folded at first: its text comes in the render after the first paint. */}
      <AfterFirstPaint>
        <dl className="mt-2 flex flex-col gap-1.5 leading-snug">
          {STAT_KEYS.map((key) => (
            <div key={key}>
              <dt className="inline font-retro text-lg text-glow">{STAT_LABELS[key]}: </dt>
              <dd className="inline">{STAT_MEANINGS[key].help}</dd>
            </div>
          ))}
          <div>
            <dt className="inline font-retro text-lg text-glow">Search position: </dt>
            <dd className="inline">
              {SEARCH_POSITION_HELP}
              {positionKnown ? '' : ` ${SEARCH_POSITION_HIDDEN_HELP}`}
            </dd>
          </div>
        </dl>
      </AfterFirstPaint>
    </details>
  );
}
