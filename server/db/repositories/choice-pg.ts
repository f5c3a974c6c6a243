import type { Kysely } from 'kysely';
import { compileOnce } from '../compile-once.ts';
import type { Database } from '../schema/database.ts';
import { logFields, type PendingWrite, type PlayDatabase, playerFields } from './choice-values.ts';
import { now } from './values.ts';

/*
 * A choice's write on PostgreSQL: the player's row and the log row in one statement, built and
 * compiled once (choice-transaction.ts decides when it runs).
 */

/** The values of the PostgreSQL choice statement (the same for both of its shapes). */
const WRITE_VALUES = [
  'userId',
  'currentSceneId',
  'stats',
  'choiceCount',
  'sceneCount',
  'lastEventAt',
  'lastEventId',
  'isGuest',
  'at',
  'logId',
  'sceneId',
  'optionId',
  'nextSceneId',
  'key',
  'eventId',
  'response',
] as const;
type WriteName = (typeof WRITE_VALUES)[number] | 'version' | 'newVersion';
type WriteValues = Record<WriteName, string>;

/**
 * The PostgreSQL choice statement: a CTE updates (`first`: inserts) the player's row under the
 * version guard, and the log row is inserted from it, so no row is logged when the guard fails.
 */
function choiceStatement(db: Kysely<Database>, v: WriteValues, first: boolean) {
  const pdb = db as unknown as Kysely<PlayDatabase>;
  const values = {
    current_scene_id: v.currentSceneId,
    stats: v.stats,
    choice_count: v.choiceCount as unknown as number,
    scene_count: v.sceneCount as unknown as number,
    last_event_at: v.lastEventAt,
    last_event_id: v.lastEventId,
    is_guest: v.isGuest as unknown as boolean,
    updated_at: v.at,
  };
  const withPlayer = first
    ? pdb.with('p', (qb) =>
        qb
          .insertInto('players')
          .values({ user_id: v.userId, ...values, version: 1, created_at: v.at })
          .onConflict((oc) => oc.column('user_id').doNothing())
          .returning('user_id'),
      )
    : pdb.with('p', (qb) =>
        qb
          .updateTable('players')
          .set({ ...values, version: v.newVersion as unknown as number })
          .where('user_id', '=', v.userId)
          .where('version', '=', v.version as unknown as number)
          .returning('user_id'),
      );
  return withPlayer
    .insertInto('choice_log')
    .columns([
      'id',
      'player_id',
      'scene_id',
      'option_id',
      'next_scene_id',
      'stats_after',
      'idempotency_key',
      'is_guest',
      'event_id',
      'created_at',
      'response',
    ])
    .expression((eb) =>
      eb
        .selectFrom('p')
        .select([
          eb.cast<string>(eb.val(v.logId), 'text').as('id'),
          'p.user_id',
          eb.cast<string>(eb.val(v.sceneId), 'text').as('scene_id'),
          eb.cast<string>(eb.val(v.optionId), 'text').as('option_id'),
          eb.cast<string>(eb.val(v.nextSceneId), 'text').as('next_scene_id'),
          eb.cast<string>(eb.val(v.stats), 'text').as('stats_after'),
          eb.cast<string>(eb.val(v.key), 'text').as('idempotency_key'),
          eb.cast<boolean>(eb.val(v.isGuest), 'boolean').as('is_guest'),
          eb.cast<string | null>(eb.val(v.eventId), 'text').as('event_id'),
          eb.cast<string>(eb.val(v.at), 'timestamptz').as('created_at'),
          eb.cast<string>(eb.val(v.response), 'text').as('response'),
        ]),
    )
    .returning('id');
}

const firstChoiceStatement = compileOnce<WriteName, { id: string }>(WRITE_VALUES, (db, v) =>
  choiceStatement(db, v, true),
);
const nextChoiceStatement = compileOnce<WriteName, { id: string }>(
  [...WRITE_VALUES, 'version', 'newVersion'],
  (db, v) => choiceStatement(db, v, false),
);

/**
 * PostgreSQL: one statement (choiceStatement), atomic without BEGIN/COMMIT round trips, built and
 * compiled once. A key used meanwhile breaks choice_log's unique index, which aborts the whole
 * statement (player row included). Resolves false, with nothing written, when the version guard
 * or the unique index refused (another request won the race).
 */
export async function writeChoicePg(db: Kysely<Database>, pending: PendingWrite): Promise<boolean> {
  const at = now();
  const { expectedVersion } = pending;
  const run = expectedVersion === null ? firstChoiceStatement : nextChoiceStatement;
  try {
    const { id: logId, ...log } = logFields(pending);
    const values: Record<WriteName, unknown> = {
      ...playerFields(pending.w.player),
      at,
      // The update's guard and new version (a first choice inserts version 1).
      version: expectedVersion,
      newVersion: (expectedVersion ?? 0) + 1,
      logId,
      ...log,
    };
    const inserted = await run(db, values);
    return inserted.length > 0;
  } catch (err) {
    if ((err as { code?: string }).code === '23505') return false;
    throw err;
  }
}
