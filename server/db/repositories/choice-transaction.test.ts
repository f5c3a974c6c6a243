import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import type { PluginTransformQueryArgs, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testEngines } from '../../../test/server/databases.ts';
import { playFixture } from '../../../test/server/play-fixture.ts';
import { signUp } from '../../../test/server/sessions.ts';
import { buildTestApp } from '../../../test/server/test-app.ts';
import type { SessionUser } from '../../fastify.d.ts';
import { inactiveCutoff } from '../../services/classes/teach.ts';
import { removeStalePhotos } from '../../services/images/pending-uploads.ts';
import { submitChoice } from '../../services/play/choice.ts';
import type { Db } from '../database.ts';
import { PassThroughPlugin } from '../marker-plugin.ts';
import { playerRowsOf, SqliteHandlePlugin } from '../sqlite-handle.ts';
import { tidyTotals } from './analytics-rollup.ts';
import { countSlice } from './analytics-slice.ts';
import { closeInactiveClasses } from './classes.ts';
import { type PlayerRow, toState } from './play-state.ts';

/** Records the kind of every statement Kysely sends. */
class StatementLog extends PassThroughPlugin {
  kinds: string[] = [];
  override transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.kinds.push(args.node.kind);
    return args.node;
  }
}

describe.each(testEngines)('a choice on $name', (engine) => {
  let d: Db;
  let app: FastifyInstance;
  let user: SessionUser;
  beforeAll(async () => {
    d = await engine.open();
    app = await buildTestApp(d, { content: playFixture() });
    const s = await signUp(app);
    await app.inject({
      method: 'POST',
      url: '/api/play/game/start',
      headers: { cookie: s.cookie, origin: app.config.publicUrl },
    });
    // On PostgreSQL the content cache stores nothing until its LISTEN connection is up: the
    // statements counted below would then include content reads (seen once on a busy machine).
    await vi.waitFor(() => expect(d.contentCache.coherent).toBe(true), { timeout: 30_000 });
    user = {
      id: s.userId,
      email: s.email,
      name: 'Test Player',
      role: 'player',
      isAnonymous: false,
    };
  });
  afterAll(async () => {
    await app.close();
    await d.close();
  });

  it('is one read and one short write once the content is cached', async () => {
    // Another player's choice warms the cache (scenes, options, events, ads) as play does.
    const other = await signUp(app);
    const warm = await app.inject({
      method: 'POST',
      url: '/api/play/choices',
      headers: { cookie: other.cookie, origin: app.config.publicUrl },
      payload: { optionId: 'intro--learn', idempotencyKey: 'warm-the-cache-0001' },
    });
    expect(warm.statusCode).toBe(200);

    const { choose, sent, restore } = countStatements(d);
    try {
      const answer = await choose(user, 'intro--learn', 'count-statements-0001');
      expect(answer).toMatchObject({ nextSceneId: 'shop' });
      // PostgreSQL: a select, then one statement (CTE update + insert). SQLite: a select, then
      // the log row and the player's update in one transaction, all prepared statements.
      expect(sent()).toEqual(
        d.dialect === 'postgres'
          ? ['SelectQueryNode', 'InsertQueryNode']
          : ['select', 'insert', 'update'],
      );

      // The same key again: one select finds the stored answer; nothing is written. (SQLite
      // decides on the row it wrote first, which refuses the option, so it selects to be sure.)
      const again = await choose(user, 'intro--learn', 'count-statements-0001');
      expect(again).toEqual(answer);
      expect(sent()).toEqual(d.dialect === 'postgres' ? ['SelectQueryNode'] : ['select']);
    } finally {
      restore();
    }
    const logged = await d.db
      .selectFrom('choice_log')
      .select('id')
      .where('player_id', '=', user.id)
      .execute();
    expect(logged).toHaveLength(1);
  });

  it("needs no select for a player's next choice, and a used key still replays", async () => {
    // Another player goes round the loop first, so its scenes are in the content cache.
    const other = await signUp(app);
    for (const [i, optionId] of ['intro--learn', 'shop--loop', 'loop--shop'].entries()) {
      const warm = await app.inject({
        method: 'POST',
        url: '/api/play/choices',
        headers: { cookie: other.cookie, origin: app.config.publicUrl },
        payload: { optionId, idempotencyKey: `warm-the-loop-000${i}` },
      });
      expect(warm.statusCode).toBe(200);
    }
    const counter = countStatements(d);
    const { sent, restore } = counter;
    const choose = (optionId: string, idempotencyKey: string) =>
      counter.choose(user, optionId, idempotencyKey);
    try {
      // Round the loop once (a sign-up's writes made SQLite forget every row it knew).
      await choose('shop--loop', 'next-choice-0000');
      await choose('loop--shop', 'next-choice-000a');
      sent();
      // On 'shop' again: the server knows the row it wrote, so the write only (PostgreSQL: one
      // statement; SQLite: the log row's insert + the player's update).
      const first = await choose('shop--loop', 'next-choice-0001');
      expect(first).toMatchObject({ nextSceneId: 'loop' });
      expect(sent()).toEqual(d.dialect === 'postgres' ? ['InsertQueryNode'] : ['insert', 'update']);
      // The row it remembers is the row in the database.
      const [row] = await d.db
        .selectFrom('players')
        .selectAll()
        .where('user_id', '=', user.id)
        .execute();
      const remembered = playerRowsOf(d.db)!.playerRows.get(user.id) as PlayerRow;
      expect(toState(remembered)).toEqual(toState(row!));
      await choose('loop--shop', 'next-choice-0002');
      sent();

      // Back on 'shop', the first key again: its option is open again, but the choice was made.
      // The write is refused by the key (PostgreSQL: the player's update undone with it; SQLite:
      // the log row goes first, so nothing was written), then the select finds the stored answer.
      const replay = await choose('shop--loop', 'next-choice-0001');
      expect(replay).toEqual({
        ...first,
        nextScene: (replay as { nextScene?: unknown }).nextScene,
      });
      expect(sent()).toEqual(
        d.dialect === 'postgres' ? ['InsertQueryNode', 'SelectQueryNode'] : ['insert', 'select'],
      );
      const [after] = await d.db
        .selectFrom('players')
        .selectAll()
        .where('user_id', '=', user.id)
        .execute();
      expect(toState(after!)).toMatchObject({
        currentSceneId: 'shop',
        version: toState(row!).version + 1,
      });
      const logged = await d.db
        .selectFrom('choice_log')
        .select('id')
        .where('idempotency_key', '=', 'next-choice-0001')
        .execute();
      expect(logged).toHaveLength(1);
    } finally {
      restore();
    }
  });

  /**
   * A new player goes round the loop once (the content it needs cached) and stands on 'shop', the
   * row remembered; `between` runs; the next choice must be the write alone.
   */
  async function nextChoiceAfter(key: string, between: (db: Db['db']) => Promise<void>) {
    const s = await signUp(app);
    const player: SessionUser = { ...user, id: s.userId, email: s.email };
    const counter = countStatements(d);
    const { db, sent, restore } = counter;
    const choose = (optionId: string, n: number) =>
      counter.choose(player, optionId, `${key}-000${n}`);
    try {
      await choose('intro--learn', 1);
      await choose('shop--loop', 2);
      await choose('loop--shop', 3);
      await between(db);
      sent();
      await choose('shop--loop', 4);
      expect(sent()).toEqual(d.dialect === 'postgres' ? ['InsertQueryNode'] : ['insert', 'update']);
    } finally {
      restore();
    }
  }

  it('still knows the player after an analytics catch-up: the next choice needs no select', async () => {
    await nextChoiceAfter('catch-up', async () => {
      // The catch-up writes the log's counted flags and the totals, never a players row.
      expect(await countSlice(d.db, 1000, d.dialect === 'postgres')).toBeGreaterThan(0);
      // On PostgreSQL a backlog's count also tidies (vacuums) the totals: the same.
      if (d.dialect === 'postgres') await tidyTotals(d.db);
    });
  });

  it('still knows the player after the sweeps that find nothing to close or remove', async () => {
    await nextChoiceAfter('swept', async (db) => {
      // The server runs both a second or five after it starts, then hourly: reads only, here.
      expect(await closeInactiveClasses(db, inactiveCutoff())).toBe(0);
      expect(await removeStalePhotos(db)).toBe(0);
    });
  });

  it('decides again when the row it remembers was changed elsewhere (another server)', async () => {
    const s = await signUp(app);
    const other: SessionUser = { ...user, id: s.userId, email: s.email };
    const choose = (optionId: string, idempotencyKey: string) =>
      submitChoice(d.db, d.dialect, other, { optionId, idempotencyKey });
    await choose('intro--learn', 'elsewhere-0001'); // now on 'shop', the row remembered
    const read = () =>
      d.db.selectFrom('players').selectAll().where('user_id', '=', other.id).executeTakeFirst();
    const before = toState((await read())!);
    // Another server moves the game on without this one seeing it (no plugin sees the update).
    await d.db
      .withoutPlugins()
      .updateTable('players')
      .set({ choice_count: 40, version: before.version + 1 })
      .where('user_id', '=', other.id)
      .execute();
    // Decided on the remembered row, refused by the version guard, read and decided again.
    const answer = await choose('shop--loop', 'elsewhere-0002');
    expect(answer).toMatchObject({ nextSceneId: 'loop', player: { choiceCount: 41 } });
    expect(toState((await read())!)).toMatchObject({
      currentSceneId: 'loop',
      choiceCount: 41,
      version: before.version + 2,
    });
    const logged = await d.db
      .selectFrom('choice_log')
      .select('id')
      .where('player_id', '=', other.id)
      .execute();
    expect(logged).toHaveLength(2);
  });
});

/**
 * What a choice sends to the database: Kysely statements by kind, and on SQLite the prepared
 * statements run straight on better-sqlite3 by their first word. `sent()` returns and forgets them.
 * Only the statements of work started inside `counted` are prepared-counted: the app's own timers
 * (the sweeps a second or five after start, the analytics catch-up every 5 s) prepare statements
 * on the same handle, and one that fell inside a choice was counted as the choice's (seen in CI).
 */
function countStatements(d: Db) {
  const log = new StatementLog();
  const db = d.db.withPlugin(log);
  const handle = d.db.getExecutor().plugins.find((p) => p instanceof SqliteHandlePlugin) as
    | SqliteHandlePlugin
    | undefined;
  const prepared: string[] = [];
  const ours = new AsyncLocalStorage<true>();
  const prepare = handle?.sqlite.prepare;
  if (handle && prepare) {
    handle.sqlite.prepare = ((source: string) => {
      if (ours.getStore()) prepared.push(source.trim().split(/\s+/)[0]!);
      return prepare.call(handle.sqlite, source);
    }) as typeof prepare;
  }
  return {
    db,
    /** A choice made with `db`, its statements counted. */
    choose: (player: SessionUser, optionId: string, idempotencyKey: string) =>
      ours.run(true, () => submitChoice(db, d.dialect, player, { optionId, idempotencyKey })),
    sent() {
      const all = [...log.kinds, ...prepared];
      log.kinds = [];
      prepared.length = 0;
      return all;
    },
    restore() {
      if (handle && prepare) handle.sqlite.prepare = prepare;
    },
  };
}
