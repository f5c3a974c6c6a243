import type { FastifyInstance } from 'fastify';
import type { PluginTransformQueryArgs, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/server/databases.ts';
import { playFixture } from '../../../test/server/play-fixture.ts';
import { signUp } from '../../../test/server/sessions.ts';
import { buildTestApp } from '../../../test/server/test-app.ts';
import type { SessionUser } from '../../fastify.d.ts';
import { submitChoice } from '../../services/play/choice.ts';
import type { Db } from '../database.ts';
import { PassThroughPlugin } from '../marker-plugin.ts';
import { SqliteHandlePlugin } from '../sqlite-handle.ts';

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

    const log = new StatementLog();
    const db = d.db.withPlugin(log);
    // SQLite runs the hot statements as prepared statements on better-sqlite3: count those too.
    const handle = d.db.getExecutor().plugins.find((p) => p instanceof SqliteHandlePlugin) as
      | SqliteHandlePlugin
      | undefined;
    const prepared: string[] = [];
    const prepare = handle?.sqlite.prepare;
    if (handle && prepare) {
      handle.sqlite.prepare = ((source: string) => {
        prepared.push(source.trim().split(/\s+/)[0]!);
        return prepare.call(handle.sqlite, source);
      }) as typeof prepare;
    }
    try {
      const answer = await submitChoice(db, d.dialect, user, {
        optionId: 'intro--learn',
        idempotencyKey: 'count-statements-0001',
      });
      expect(answer).toMatchObject({ nextSceneId: 'shop' });
      // PostgreSQL: a select, then one statement (CTE update + insert). SQLite: a select, then
      // update and insert in one transaction, all prepared statements.
      if (d.dialect === 'postgres') {
        expect(log.kinds).toEqual(['SelectQueryNode', 'InsertQueryNode']);
      } else {
        expect(log.kinds).toEqual([]);
        expect(prepared).toEqual(['select', 'update', 'insert']);
      }

      // The same key again: one select finds the stored answer; nothing is written.
      log.kinds = [];
      prepared.length = 0;
      const again = await submitChoice(db, d.dialect, user, {
        optionId: 'intro--learn',
        idempotencyKey: 'count-statements-0001',
      });
      expect(again).toEqual(answer);
      expect([...log.kinds, ...prepared]).toEqual(
        d.dialect === 'postgres' ? ['SelectQueryNode'] : ['select'],
      );
    } finally {
      if (handle && prepare) handle.sqlite.prepare = prepare;
    }
    const logged = await d.db
      .selectFrom('choice_log')
      .select('id')
      .where('player_id', '=', user.id)
      .execute();
    expect(logged).toHaveLength(1);
  });
});
