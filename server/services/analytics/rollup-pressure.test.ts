import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/server/databases.ts';
import { fillChoiceLog, type WalkScene } from '../../../test/server/fill-log.ts';
import { playFixture } from '../../../test/server/play-fixture.ts';
import { choose, play } from '../../../test/server/play-requests.ts';
import { adminSession, guestSession, type TestSession } from '../../../test/server/sessions.ts';
import { testConfig } from '../../../test/server/test-app.ts';
import { buildApp } from '../../app.ts';
import { loadContent } from '../../content/load-content.ts';
import type { Db } from '../../db/database.ts';

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

describe.each(testEngines)('analytics under play on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await engine.open();
    await (await strictApp(db)).close(); // migrates
    await loadContent(db.db, playFixture());
    // 40,000 decisions written straight into the log (as a restored backup brings them).
    await fillChoiceLog(db.db, { rows: 40_000, players: 800, days: 300, scenes: story });
    app = await strictApp(db);
    await app.ready();
    // The guard's first samples cover the app's own start (loading, compiling routes).
    await new Promise((resolve) => setTimeout(resolve, 600));
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('players keep choosing, never refused, while an admin reloads analytics', async () => {
    const admin = await adminSession(app);
    const guests: TestSession[] = [];
    for (let i = 0; i < 6; i++) {
      const g = await guestSession(app);
      await play(app, g.cookie, 'POST', '/api/play/game/start');
      guests.push(g);
    }
    const statuses: number[] = [];
    let analyticsDone = false;
    const players = guests.map(async (g) => {
      // intro -> shop -> loop -> shop -> loop ...: every pick is allowed where it is made.
      const path = ['intro--learn', 'shop--loop', 'loop--shop'];
      // A brisk classroom: each player decides every 50 ms.
      for (let i = 0; (!analyticsDone || i < 3) && i < 5000; i++) {
        const option = i === 0 ? path[0] : path[1 + ((i - 1) % 2)];
        statuses.push((await choose(app, g.cookie, option as string)).statusCode);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
    const reads: number[] = [];
    let pending = Number.POSITIVE_INFINITY;
    const until = Date.now() + 120_000;
    while (pending > 0 && Date.now() < until) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/admin/analytics',
        headers: { cookie: admin.cookie },
      });
      reads.push(res.statusCode);
      if (res.statusCode !== 200) break;
      pending = res.json().pending;
      await app.inject({
        method: 'GET',
        url: '/api/admin/analytics/scenes/shop',
        headers: { cookie: admin.cookie },
      });
    }
    analyticsDone = true;
    await Promise.all(players);
    expect(reads.every((s) => s === 200)).toBe(true);
    expect(pending).toBe(0);
    expect(statuses.length).toBeGreaterThanOrEqual(18);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const all = (
      await app.inject({
        method: 'GET',
        url: '/api/admin/analytics',
        headers: { cookie: admin.cookie },
      })
    ).json();
    expect(all.choices.guests + all.choices.players).toBe(40_000 + statuses.length);
  }, 240_000);
});
