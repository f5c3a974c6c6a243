import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/server/databases.ts';
import { playFixture } from '../../../test/server/play-fixture.ts';
import { signUp } from '../../../test/server/sessions.ts';
import { buildTestApp } from '../../../test/server/test-app.ts';
import type { Db } from '../database.ts';
import { sqliteHandleOf } from '../sqlite-handle.ts';
import { writeChoice } from './choice-sqlite.ts';
import type { ChoiceRowValues } from './play-state.ts';
import { now, timeOrderedUuid } from './values.ts';

const sqlite = testEngines.find((e) => e.name === 'sqlite')!;

function values(userId: string, expectedVersion: number | null): ChoiceRowValues {
  return {
    userId,
    currentSceneId: 'shop',
    stats: '{}',
    choiceCount: 1,
    sceneCount: 2,
    lastEventAt: null,
    lastEventId: null,
    isGuest: false,
    at: now(),
    expectedVersion,
    log: {
      id: timeOrderedUuid(),
      sceneId: 'intro',
      optionId: 'intro--learn',
      nextSceneId: 'shop',
      key: `key-${userId}`,
      eventId: null,
      response: '{}',
    },
  };
}

describe('group commit of SQLite choice writes', () => {
  let d: Db;
  let app: FastifyInstance;
  beforeAll(async () => {
    d = await sqlite.open();
    app = await buildTestApp(d, { content: playFixture() });
  });
  afterAll(async () => {
    await app.close();
    await d.close();
  });

  it('commits the writes of one turn together; a refused one undoes only itself', async () => {
    const users = [];
    for (let i = 0; i < 3; i++) users.push((await signUp(app)).userId);
    const [a, b, c] = users as [string, string, string];
    expect(await writeChoice(d.db, values(b, null))).toBe(true);
    // Queued in the same turn: one batch. b's log row hits the used key, so b writes nothing
    // (its player row keeps version 1); a and c are written.
    const written = await Promise.all([
      writeChoice(d.db, values(a, null)),
      writeChoice(d.db, values(b, 1)),
      writeChoice(d.db, values(c, null)),
    ]);
    expect(written).toEqual([true, false, true]);
    const raw = sqliteHandleOf(d.db)!.sqlite;
    const players = raw
      .prepare('select user_id, version from players where user_id in (?, ?, ?) order by user_id')
      .all(a, b, c) as { user_id: string; version: number }[];
    expect(players.map((p) => [p.user_id, p.version])).toEqual(
      [
        [a, 1],
        [b, 1],
        [c, 1],
      ].sort(),
    );
    const logged = raw
      .prepare('select player_id from choice_log where player_id in (?, ?, ?)')
      .all(a, b, c) as { player_id: string }[];
    expect(logged.map((r) => r.player_id).sort()).toEqual([a, b, c].sort());
    // Each written row is remembered as written, so the next read needs no statement.
    expect(sqliteHandleOf(d.db)!.playerRows.get(a)).toMatchObject({ version: 1 });
    expect(sqliteHandleOf(d.db)!.playerRows.has(b)).toBe(false);
  });

  it('refuses a write whose version guard fails, writing nothing', async () => {
    const user = (await signUp(app)).userId;
    expect(await writeChoice(d.db, values(user, 5))).toBe(false);
    const raw = sqliteHandleOf(d.db)!.sqlite;
    expect(raw.prepare('select version from players where user_id = ?').get(user)).toBe(undefined);
    // Its log row went in first and was deleted again.
    expect(raw.prepare('select id from choice_log where player_id = ?').get(user)).toBe(undefined);
  });

  it('a refused player write in a batch takes back its own log row only', async () => {
    const users = [];
    for (let i = 0; i < 2; i++) users.push((await signUp(app)).userId);
    const [a, b] = users as [string, string];
    const written = await Promise.all([
      writeChoice(d.db, values(a, null)),
      writeChoice(d.db, values(b, 3)), // no player row at version 3
    ]);
    expect(written).toEqual([true, false]);
    const raw = sqliteHandleOf(d.db)!.sqlite;
    const logged = (id: string) =>
      raw.prepare('select count(*) as n from choice_log where player_id = ?').get(id);
    expect(logged(a)).toEqual({ n: 1 });
    expect(logged(b)).toEqual({ n: 0 });
  });

  it('a write that fails (not a refusal) fails alone: the rest of its batch is written', async () => {
    const users = [];
    for (let i = 0; i < 3; i++) users.push((await signUp(app)).userId);
    const [a, b, c] = users as [string, string, string];
    const broken = values(b, null);
    // choice_log.scene_id is not null: the insert throws, which is no refusal.
    broken.log.sceneId = null as unknown as string;
    const outcomes = await Promise.allSettled([
      writeChoice(d.db, values(a, null)),
      writeChoice(d.db, broken),
      writeChoice(d.db, values(c, null)),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(outcomes[0]).toMatchObject({ value: true });
    expect(outcomes[2]).toMatchObject({ value: true });
    const raw = sqliteHandleOf(d.db)!.sqlite;
    const versions = raw
      .prepare('select user_id, version from players where user_id in (?, ?, ?)')
      .all(a, b, c) as { user_id: string; version: number }[];
    expect(versions.map((p) => p.user_id).sort()).toEqual([a, c].sort());
    expect(sqliteHandleOf(d.db)!.playerRows.has(b)).toBe(false);
  });
});
