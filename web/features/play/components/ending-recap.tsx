import { useQuery } from '@tanstack/react-query';
import { type Recap, standingOf } from '../../../../core/game/recap.ts';
import type { PlayerStats } from '../../../../core/game/stats.types.ts';
import { gameQueryOptions } from '../api/get-game.ts';

/**
 * The recap an ending shows: the lessons of the path the player took, each with the day it was
 * learned ('Day 2: …'), the shortcuts they paid for, as the server sends them with a finished
 * game (core/game/recap.ts), and what they kept and how it counts (standingOf), so an ending
 * remembers what this player actually did. Nothing while it is loading.
 */
export function EndingRecapList({
  recap,
  stats,
}: {
  recap: Recap | null | undefined;
  /** The stats at the ending: where the player stands (position, money, Happiness). */
  stats?: PlayerStats;
}) {
  if (!recap) return null;
  const { lessons, bought, lessonDays } = recap;
  const standing = stats ? standingOf(stats) : null;
  return (
    <section
      aria-labelledby="recap-heading"
      className="flex w-full flex-col gap-3 rounded-md border border-border bg-secondary/40 p-4"
    >
      <h2 id="recap-heading" className="font-retro text-2xl text-glow">
        What you learned
      </h2>
      {lessons.length > 0 ? (
        <ul aria-label="Lessons" className="list-inside list-disc text-lg">
          {lessons.map((lesson) => {
            const day = lessonDays[lesson];
            return (
              <li key={lesson}>
                {day !== undefined && <span className="font-bold">{`Day ${day}: `}</span>}
                {lesson}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="text-lg text-muted-foreground">
          No lessons on this path. Play again and look at what each choice does.
        </p>
      )}
      <h3 className="font-retro text-xl">What you bought</h3>
      {bought.length > 0 ? (
        <ul aria-label="Purchases" className="list-inside list-disc text-lg">
          {bought.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      ) : (
        <p className="text-lg text-muted-foreground">No shortcuts. Not a penny on tricks.</p>
      )}
      {standing && (
        <>
          <h3 className="font-retro text-xl">What you kept</h3>
          <p data-testid="kept-verdict" className="text-lg">
            {standing.verdict}
          </p>
          <dl aria-label="What you kept" className="grid gap-1 text-lg sm:grid-cols-[auto_1fr]">
            {standing.lines.map((line) => (
              <div key={line.label} className="contents">
                <dt className="font-bold">{line.label}</dt>
                <dd>
                  {line.value}
                  {line.note && <span className="text-muted-foreground"> ({line.note})</span>}
                </dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </section>
  );
}

/** The recap of the signed-in or guest player's game, on an ending scene. */
export function EndingRecap() {
  const game = useQuery(gameQueryOptions());
  return <EndingRecapList recap={game.data?.player.recap} stats={game.data?.player.stats} />;
}
