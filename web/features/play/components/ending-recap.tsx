import { useQuery } from '@tanstack/react-query';
import { recapOf } from '../../../../core/game/recap.ts';
import { gameQueryOptions } from '../api/get-game.ts';

/**
 * The recap an ending shows: the lessons of the path the player took ('Lesson: …'
 * items) and the shortcuts they paid for ('Bought: …' items), from their own inventory, so an
 * ending remembers what this player actually did. Nothing while the inventory is loading.
 */
export function EndingRecapList({ inventory }: { inventory: string[] | undefined }) {
  if (!inventory) return null;
  const { lessons, bought } = recapOf(inventory);
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
          {lessons.map((lesson) => (
            <li key={lesson}>{lesson}</li>
          ))}
        </ul>
      ) : (
        <p className="text-lg text-muted-foreground">
          No lessons on this path. Start a new game and look at what each choice does.
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
    </section>
  );
}

/** The recap of the signed-in or guest player's game, on an ending scene. */
export function EndingRecap() {
  const game = useQuery(gameQueryOptions());
  return <EndingRecapList inventory={game.data?.player.stats.inventory} />;
}
