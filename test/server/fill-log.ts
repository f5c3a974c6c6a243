import { randomUUID } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import { seededRandom } from '../../scripts/story/rng.ts';
import { timeOrderedUuid } from '../../server/db/repositories/values.ts';
import type { ChoiceLogTable } from '../../server/db/schema/choice-log.ts';
import type { Database } from '../../server/db/schema/database.ts';

/** A scene's id and its options' ids and next scenes, as the log filler walks them. */
export interface WalkScene {
  id: string;
  options: { id: string; next: string | null }[];
}

export interface FillOptions {
  /** Log rows to write. */
  rows: number;
  /** Distinct players (guests and accounts alternate). */
  players: number;
  /** Days back from `until` the rows are spread over. */
  days: number;
  /** The story to walk: each player starts at the first scene and picks options at random. */
  scenes: WalkScene[];
  /** The newest day (default today). */
  until?: Date;
  /** Seed of the pseudo-random walk (same seed, same rows). */
  seed?: number;
}

/**
 * Writes choice_log rows straight into the log, as a restored backup or another tool would (never
 * through the decision path): players walk the story from its first scene, each on one day.
 */
export async function fillChoiceLog(db: Kysely<Database>, o: FillOptions): Promise<void> {
  const rand = seededRandom(o.seed ?? 1);
  const byId = new Map(o.scenes.map((s) => [s.id, s]));
  const until = (o.until ?? new Date()).getTime();
  const perPlayer = Math.max(1, Math.ceil(o.rows / o.players));
  const batch: Insertable<ChoiceLogTable>[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await db.insertInto('choice_log').values(batch.splice(0)).execute();
  };
  let written = 0;
  for (let p = 0; written < o.rows; p++) {
    const player = `fill-${p % o.players}-${randomUUID().slice(0, 8)}`;
    const isGuest = p % 2 === 0;
    let at = until - Math.floor(rand() * o.days) * 86_400_000 - Math.floor(rand() * 80_000_000);
    let scene = o.scenes[0] as WalkScene;
    for (let i = 0; i < perPlayer && written < o.rows; i++, written++) {
      const option = scene.options[Math.floor(rand() * scene.options.length)] ?? {
        id: `${scene.id}--none`,
        next: null,
      };
      at += 20_000;
      batch.push({
        id: timeOrderedUuid(at),
        player_id: player,
        scene_id: scene.id,
        option_id: option.id,
        next_scene_id: option.next,
        stats_after: '{"gold":10,"health":50}',
        idempotency_key: randomUUID(),
        is_guest: isGuest,
        event_id: null,
        created_at: new Date(at).toISOString(),
      });
      scene = (option.next && byId.get(option.next)) || (o.scenes[0] as WalkScene);
      if (batch.length >= 500) await flush();
    }
  }
  await flush();
}
