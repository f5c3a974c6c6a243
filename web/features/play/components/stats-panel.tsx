import type { PlayerStatsView } from '../../../../core/api/play.ts';
import { playerItems } from '../../../../core/game/items.ts';
import { formatStat, STAT_LABELS } from '../../../../core/game/stats.ts';
import { STAT_KEYS } from '../../../../core/game/stats.types.ts';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { positionText, StatsLegend } from './stats-legend.tsx';

/** Rows of the loading skeleton (product rules "Screens"). */
const STATS_SKELETON_ROWS = 6;
const SKELETON_KEYS = ['row-1', 'row-2', 'row-3', 'row-4', 'row-5', 'row-6'].slice(
  0,
  STATS_SKELETON_ROWS,
);

/**
 * 'Player Stats' (product rules "Screens"): the seven stats with their labels, Budget and Revenue
 * with '$', the shop's search position once the story has revealed it (`position`, the
 * server's; '?' before), what they all mean (a fold), the inventory and the lessons learned so
 * far, the moment they are learned (the server sends items and lessons, never story flags;
 * purchases belong to the ending's recap).
 * Shows a 6-row skeleton while `stats` is undefined. Values are the server's.
 */
export function StatsPanel({
  stats,
  position = null,
  warning,
}: {
  stats: PlayerStatsView | undefined;
  position?: number | null;
  warning?: boolean;
}) {
  return (
    <section
      aria-labelledby="stats-heading"
      className="rounded-lg border border-border bg-card p-4"
    >
      <h2 id="stats-heading" className="mb-2 font-retro text-2xl text-glow">
        Player Stats
      </h2>
      {warning && (
        <div
          role="status"
          className="mb-3 rounded-md border border-border bg-secondary p-2 text-base"
        >
          <p className="font-retro text-lg">Scene Stats Warning</p>
          <p>This scene doesn't have unique stats configuration</p>
        </div>
      )}
      {stats ? (
        <>
          <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 text-xl">
            {STAT_KEYS.map((key) => (
              <div key={key} className="contents" data-stat={key}>
                <dt className="text-muted-foreground">{STAT_LABELS[key]}</dt>
                <dd className="text-right tabular-nums">{formatStat(key, stats[key])}</dd>
              </div>
            ))}
            <div className="contents" data-position>
              <dt className="text-muted-foreground">Search position</dt>
              <dd className="text-right tabular-nums">{positionText(position)}</dd>
            </div>
          </dl>
          <StatsLegend positionKnown={position !== null} className="mt-2" />
          <PlayerItemList inventory={stats.inventory} />
        </>
      ) : (
        <div aria-busy="true" className="flex flex-col gap-2">
          <span className="sr-only">Loading stats...</span>
          {SKELETON_KEYS.map((key) => (
            <Skeleton key={key} data-testid="stats-skeleton-row" className="h-6 w-full" />
          ))}
        </div>
      )}
    </section>
  );
}

/**
 * The inventory a player sees and the lessons learned so far, in the order learned (story
 * flags never, whatever the server sent).
 */
function PlayerItemList({ inventory }: { inventory: string[] }) {
  const { items, lessons } = playerItems(inventory);
  return (
    <>
      <h3 className="mt-3 font-retro text-xl">Inventory</h3>
      {items.length > 0 ? (
        <ul aria-label="Inventory" className="list-inside list-disc text-lg">
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      ) : (
        <p className="text-lg text-muted-foreground">Empty</p>
      )}
      <h3 className="mt-3 font-retro text-xl">Lessons learned</h3>
      {lessons.length > 0 ? (
        <ul aria-label="Lessons learned" className="list-inside list-disc text-lg leading-snug">
          {lessons.map((lesson) => (
            <li key={lesson}>{lesson}</li>
          ))}
        </ul>
      ) : (
        <p className="text-lg text-muted-foreground">None yet</p>
      )}
    </>
  );
}
