import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../../test/server/databases.ts';
import { playFixture } from '../../../../test/server/play-fixture.ts';
import { choose, play } from '../../../../test/server/play-requests.ts';
import { guestSession, signUp } from '../../../../test/server/sessions.ts';
import { buildTestApp } from '../../../../test/server/test-app.ts';
import type { Db } from '../../../db/database.ts';

describe.each(testEngines)('parallel choices on $name', (engine) => {
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

  const logCount = async (userId: string) =>
    (await d.db.selectFrom('choice_log').select('id').where('player_id', '=', userId).execute())
      .length;

  it('50 parallel copies of one choice apply once and all get the same answer', async () => {
    const s = await signUp(app);
    await play(app, s.cookie, 'POST', '/api/play/game/start');
    const key = 'parallel-key-000001';
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => choose(app, s.cookie, 'intro--learn', key)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(200));
    const bodies = new Set(answers.map((a) => a.body));
    expect(bodies.size).toBe(1);
    expect(await logCount(s.userId)).toBe(1);
    const game = (await play(app, s.cookie, 'GET', '/api/play/game')).json();
    expect(game.player).toMatchObject({ currentSceneId: 'shop', choiceCount: 1, sceneCount: 2 });
    expect(game.player.stats.gold).toBe(25);
    expect(game.player.stats.intelligence).toBe(10);
  });

  it('50 parallel first choices of a player who never started create one game', async () => {
    const s = await guestSession(app);
    const key = 'parallel-key-000002';
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => choose(app, s.cookie, 'intro--learn', key)),
    );
    expect(answers.filter((a) => a.statusCode !== 200).map((a) => a.body)).toEqual([]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await logCount(s.userId)).toBe(1);
  });

  it('50 double-clicks with different keys: one applies, the rest are refused', async () => {
    const s = await signUp(app);
    await play(app, s.cookie, 'POST', '/api/play/game/start');
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => choose(app, s.cookie, 'intro--learn')),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    expect(await logCount(s.userId)).toBe(1);
    const game = (await play(app, s.cookie, 'GET', '/api/play/game')).json();
    expect(game.player.stats.gold).toBe(25);
  });

  it('players choosing at the same moment each get their own choice applied, copies refused', async () => {
    // On SQLite the writes of one turn share a commit: a refused copy must undo only itself.
    const players = await Promise.all(Array.from({ length: 12 }, () => signUp(app)));
    for (const p of players) await play(app, p.cookie, 'POST', '/api/play/game/start');
    const answers = await Promise.all(
      players.flatMap((p) => [
        choose(app, p.cookie, 'intro--learn'),
        choose(app, p.cookie, 'intro--learn'),
      ]),
    );
    for (const [i, p] of players.entries()) {
      const codes = [answers[2 * i]!.statusCode, answers[2 * i + 1]!.statusCode].sort();
      expect(codes).toEqual([200, 409]);
      expect(await logCount(p.userId)).toBe(1);
      const game = (await play(app, p.cookie, 'GET', '/api/play/game')).json();
      expect(game.player).toMatchObject({ currentSceneId: 'shop', choiceCount: 1 });
    }
  });
});
