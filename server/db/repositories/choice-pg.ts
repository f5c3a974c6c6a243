import type { Kysely } from 'kysely';
import { compileOnce } from '../compile-once.ts';
import type { ChoiceLogTable } from '../schema/choice-log.ts';
import type { Database } from '../schema/database.ts';
import { playerRowsOf } from '../sqlite-handle.ts';
import {
  type ChoiceRowValues,
  PLAYER_ROW_COLUMNS,
  type PlayerChoiceRow,
  writtenRow,
} from './play-state.ts';

/*
 * A choice on PostgreSQL, top to bottom: the read, and the write as one statement, whose row is
 * remembered for the player's next choice. choice-transaction.ts decides when each runs (read,
 * decide, write; a refused write is read and decided again). Both statements are built and
 * compiled once (compile-once.ts). What remembering the row buys: a player's next choice is one
 * statement instead of a select and a statement (choice-transaction.test.ts counts them).
 */

/** The schema with migration 003's choice_log.response column. */
type PlayDatabase = Omit<Database, 'choice_log'> & {
  choice_log: ChoiceLogTable & { response: string | null };
};

/** The player's row and the choice logged under the key: a left join on choice_log's unique index. */
const selectPlayerAndChoice = compileOnce<'userId' | 'key', PlayerChoiceRow>(
  ['userId', 'key'],
  (db, v) =>
    (db as unknown as Kysely<PlayDatabase>)
      .selectFrom('players')
      .leftJoin('choice_log as c', (join) =>
        join.onRef('c.player_id', '=', 'players.user_id').on('c.idempotency_key', '=', v.key),
      )
      .select(PLAYER_ROW_COLUMNS.map((c) => `players.${c}` as const))
      .select([
        'c.option_id as stored_option_id',
        'c.next_scene_id as stored_next_scene_id',
        'c.stats_after as stored_stats_after',
        'c.response as stored_response',
      ])
      .where('players.user_id', '=', v.userId),
);

/** 1. The read: the player's row and the choice logged under `key`, in one select. */
export async function readPlayerAndChoice(
  db: Kysely<Database>,
  userId: string,
  key: string,
): Promise<PlayerChoiceRow | undefined> {
  const [row] = await selectPlayerAndChoice(db, { userId, key });
  return row;
}

/** The values of the choice statement (the same for both of its shapes). */
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
 * 2. The choice statement: a CTE updates (`first`: inserts) the player's row under the version
 * guard, and the log row is inserted from it, so no row is logged when the guard fails; a key
 * used meanwhile breaks choice_log's unique index, which aborts the whole statement.
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
 * 3. The write: one statement, atomic without BEGIN/COMMIT round trips. Resolves false, with
 * nothing written, when the version guard or the unique index refused (another request won the
 * race, or the key was used). The row written is remembered for the player's next choice, unless
 * another write to players began meanwhile (player-rows.ts); a refused one is forgotten.
 */
export async function writeChoice(db: Kysely<Database>, v: ChoiceRowValues): Promise<boolean> {
  const rows = playerRowsOf(db);
  const since = rows?.generation;
  const { id: logId, ...log } = v.log;
  const run = v.expectedVersion === null ? firstChoiceStatement : nextChoiceStatement;
  let written = false;
  try {
    const inserted = await run(db, {
      ...v,
      // The update's guard and new version (a first choice inserts version 1).
      version: v.expectedVersion,
      newVersion: (v.expectedVersion ?? 0) + 1,
      logId,
      ...log,
    });
    written = inserted.length > 0;
  } catch (err) {
    if ((err as { code?: string }).code !== '23505') throw err;
  } finally {
    if (written && rows?.generation === since) rows?.rememberPlayer(v.userId, writtenRow(v));
    else rows?.playerRows.delete(v.userId);
  }
  return written;
}
