import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/server/databases.ts';
import { playFixture } from '../../../test/server/play-fixture.ts';
import { signUp } from '../../../test/server/sessions.ts';
import { buildTestApp } from '../../../test/server/test-app.ts';
import { submitChoice } from '../../services/play/choice.ts';
import type { Db } from '../database.ts';
import { countSlice } from './analytics-slice.ts';
import { cachedPlayerState, loadPlayerState, resetPlayerState } from './play-state.ts';

describe.each(testEngines)("a player's saved game on $name", (engine) => {
  let d: Db;
  let app: FastifyInstance;
  beforeAll(async () => {
    d = await engine.open();
    app = await buildTestApp(d, { content: playFixture() });
  });
  afterAll(async () => {
    await app.close();
    await d.close();
  });

  it('is read as it is after every kind of write (SQLite keeps it in memory between writes)', async () => {
    const s = await signUp(app);
    const user = {
      id: s.userId,
      email: s.email,
      name: 'Test Player',
      role: 'player' as const,
      isAnonymous: false,
    };
    expect(await loadPlayerState(d.db, user.id)).toBeNull();
    expect(await loadPlayerState(d.db, user.id)).toBeNull();

    // A Kysely write (a game started).
    const stats = (
      await app.inject({ method: 'GET', url: '/api/play/game', headers: { cookie: s.cookie } })
    ).json().player.stats;
    await resetPlayerState(d.db, { userId: user.id, sceneId: 'intro', stats, isGuest: false });
    expect(await loadPlayerState(d.db, user.id)).toMatchObject({
      currentSceneId: 'intro',
      version: 1,
    });

    // A choice (on SQLite a prepared statement on better-sqlite3, outside Kysely).
    await submitChoice(d.db, d.dialect, user, {
      optionId: 'intro--learn',
      idempotencyKey: 'state-read-0001',
    });
    expect(await loadPlayerState(d.db, user.id)).toMatchObject({
      currentSceneId: 'shop',
      choiceCount: 1,
      version: 2,
    });

    // Any other write: an update, the row deleted.
    await d.db
      .updateTable('players')
      .set({ scene_count: 7 })
      .where('user_id', '=', user.id)
      .execute();
    expect(await loadPlayerState(d.db, user.id)).toMatchObject({ sceneCount: 7 });
    // The analytics' catch-up writes the log and its totals only: the row stays known (SQLite).
    await countSlice(d.db, 500, d.dialect === 'postgres');
    if (d.dialect === 'sqlite')
      expect(cachedPlayerState(d.db, user.id)).toMatchObject({ sceneCount: 7 });
    await d.db.deleteFrom('players').where('user_id', '=', user.id).execute();
    expect(await loadPlayerState(d.db, user.id)).toBeNull();
  });
});
