import type { PlayerStatsView } from '../../../../core/api/play.ts';
import { playerItems } from '../../../../core/game/items.ts';
import { formatStat, STAT_LABELS } from '../../../../core/game/stats.ts';
import { STAT_KEYS } from '../../../../core/game/stats.types.ts';
import { useMediaQuery } from '../hooks/use-media-query.ts';
import { positionText, StatsLegend } from './stats-legend.tsx';

/** Tailwind's md breakpoint: from here the full panel sits beside the scene. */
const PHONE = '(max-width: 47.99rem)';

/**
 * The compact stats bar at the top of the scene on phones (the full 'Player Stats' panel stays
 * below the scene there): the seven stats, the search position and how many lessons were learned
 * (listed in the panel) on a few lines, so a player sees what a choice changed without
 * scrolling, and what they mean in a fold. Not rendered from md up, where the panel sits beside the scene.
 */
export function StatsBar({
  stats,
  position = null,
}: {
  stats: PlayerStatsView | undefined;
  position?: number | null;
}) {
  // The server cannot know the screen: it renders the bar, which CSS hides from md up (no shift
  // on phones when the page hydrates), and the browser then drops it from larger screens.
  const phone = useMediaQuery(PHONE, true);
  if (!stats || !phone) return null;
  return (
    <section
      aria-label="Your stats"
      data-testid="stats-bar"
      className="rounded-lg border border-border bg-card px-3 py-2 md:hidden"
    >
      <dl className="flex flex-wrap gap-x-3 gap-y-0.5 text-base leading-tight">
        {STAT_KEYS.map((key) => (
          <div key={key} className="flex gap-1" data-bar-stat={key}>
            <dt className="text-muted-foreground">{STAT_LABELS[key]}</dt>
            <dd className="tabular-nums text-foreground">{formatStat(key, stats[key])}</dd>
          </div>
        ))}
        <div className="flex gap-1" data-bar-stat="position">
          <dt className="text-muted-foreground">Search position</dt>
          <dd className="tabular-nums text-foreground">{positionText(position)}</dd>
        </div>
        <div className="flex gap-1" data-bar-stat="lessons">
          <dt className="text-muted-foreground">Lessons learned</dt>
          <dd className="tabular-nums text-foreground">
            {playerItems(stats.inventory).lessons.length}
          </dd>
        </div>
      </dl>
      <StatsLegend positionKnown={position !== null} className="mt-1" />
    </section>
  );
}
