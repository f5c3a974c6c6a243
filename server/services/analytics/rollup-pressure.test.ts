import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CountingProgress } from '../../../core/api/analytics.ts';
import { testEngines } from '../../../test/server/databases.ts';
import type { WalkScene } from '../../../test/server/fill-log.ts';
import { fillChoiceLogSql } from '../../../test/server/fill-log-sql.ts';
import { playFixture } from '../../../test/server/play-fixture.ts';
import { choose, play } from '../../../test/server/play-requests.ts';
import { adminSession, guestSession, type TestSession } from '../../../test/server/sessions.ts';
import { testConfig } from '../../../test/server/test-app.ts';
import { buildApp } from '../../app.ts';
import { loadContent } from '../../content/load-content.ts';
import type { Db } from '../../db/database.ts';

/*
 * A restored log being counted while an admin reloads analytics and new players arrive and play,
 * through the production overload guard (docs/analytics.md "Never in the players' way"). The
 * backlog is 20,000 decisions here (written by one set-based statement) so the file stays well
 * within `npm test` on a busy machine; `npm run bench`'s growth part runs the same code path at
 * 1,000,000 and prints the timings (choice p99, read times, counting time) beside their goals.
 */

const BACKLOG = 20_000;

const story: WalkScene[] = playFixture().scenes.map((s) => ({
  id: s.id,
  options: (s.options ?? []).map((o) => ({ id: o.id, next: o.next_scenario_id ?? null })),
}));

/** The app with the overload guard as in production (server/plugins/pressure.ts defaults). */
function strictApp(db: Db): Promise<FastifyInstance> {
  return buildApp({
    config: testConfig({ choiceLimit: 0 }),
    database: db,
    logger: false,
    loadContent: false,
    webRoot: path.join(tmpdir(), 'seo-adv-no-web'),
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testEngines)('a restored log counted under play on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await engine.open();
    await (await strictApp(db)).close(); // migrates
    await loadContent(db.db, playFixture());
    await fillChoiceLogSql(db, { rows: BACKLOG, perGame: 50, days: 365, scenes: story });
    app = await strictApp(db);
    await app.ready(); // starts counting the backlog in the background
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('admits and serves new players, answers every read with how far the count is, and finishes', async () => {
    const admin = await adminSession(app);
    const read = (url: string) =>
      app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } });
    // The catch-up has found the backlog once its first slice is done.
    for (let i = 0; i < 500 && !app.rollup.progress(); i++) await pause(10);
    expect(app.rollup.progress()).not.toBeNull();
    // While the backlog is counted its write-ahead log is checkpointed in a worker (SQLite file).
    expect(app.rollup.checkpoints.running).toBe(engine.name === 'sqlite');

    const statuses: number[] = [];
    let stop = false;
    /** A player who arrives, starts a game and decides every 100 ms until the count is done. */
    const player = async (g: TestSession) => {
      statuses.push((await play(app, g.cookie, 'POST', '/api/play/game/start')).statusCode);
      const path = ['intro--learn', 'shop--loop', 'loop--shop'];
      for (let i = 0; !stop && i < 5000; i++) {
        const option = i === 0 ? path[0] : path[1 + ((i - 1) % 2)];
        statuses.push((await choose(app, g.cookie, option as string)).statusCode);
        await pause(100);
      }
    };
    const players: Promise<void>[] = [];
    let arrivals = 0;
    const arriving = (async () => {
      // A new player every 300 ms (a sign-in that a 503 would fail), for as long as the count runs.
      while (!stop && arrivals < 12) {
        players.push(player(await guestSession(app)));
        arrivals++;
        await pause(300);
      }
    })();

    const answers: { status: number; counting: CountingProgress | null; waited: number }[] = [];
    while (app.rollup.progress() && answers.length < 5000) {
      for (const url of ['/api/admin/analytics', '/api/admin/analytics/scenes/shop']) {
        // One read at a time, so a change of readWaits is this read's.
        const waits = app.rollup.readWaits;
        const res = await read(url);
        answers.push({
          status: res.statusCode,
          counting: res.json().counting ?? null,
          waited: app.rollup.readWaits - waits,
        });
      }
      await pause(200);
    }
    stop = true;
    await arriving;
    await Promise.all(players);

    // The count finished, and the backlog took reads: every one answered, none ran a slice.
    expect(app.rollup.progress()).toBeNull();
    // The checkpoints' worker ended with the backlog: an idle server holds no thread for it.
    expect(app.rollup.checkpoints.running).toBe(false);
    expect(answers.length).toBeGreaterThanOrEqual(2);
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    // No read that said 'still counting' waited for a slice.
    expect(answers.filter((a) => a.counting && a.waited > 0)).toEqual([]);
    // Every read but those after the last slice said how far the count was, and it only grew.
    const counting = answers.map((a) => a.counting).filter((c) => c !== null);
    expect(counting.length).toBeGreaterThanOrEqual(answers.length - 2);
    for (const [i, c] of counting.entries()) {
      expect(c.total).toBeGreaterThanOrEqual(BACKLOG);
      expect(c.counted).toBeLessThanOrEqual(c.total);
      expect(c.percent).toBe(Math.min(99, Math.floor((c.counted / c.total) * 100)));
      if (i > 0)
        expect(c.counted).toBeGreaterThanOrEqual((counting[i - 1] as CountingProgress).counted);
    }
    // New players were admitted and played throughout: no 503, no refusal at all.
    expect(arrivals).toBeGreaterThanOrEqual(1);
    expect(statuses.length).toBeGreaterThanOrEqual(arrivals * 2);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);

    // Once the last decisions are counted too, the figures hold the whole log.
    await app.rollup.catchUp();
    const all = (await read('/api/admin/analytics')).json();
    expect(all.counting).toBeNull();
    expect(all.pending).toBe(0);
    const decisions = statuses.length - arrivals; // each player's first status was its start
    expect(all.choices.guests + all.choices.players).toBe(BACKLOG + decisions);
  }, 240_000);
});
