import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/server/databases.ts';
import { fillChoiceLog, type WalkScene } from '../../../test/server/fill-log.ts';
import { playFixture } from '../../../test/server/play-fixture.ts';
import { choose, play } from '../../../test/server/play-requests.ts';
import { adminSession, guestSession, signUp } from '../../../test/server/sessions.ts';
import { buildTestApp } from '../../../test/server/test-app.ts';
import type { Db } from '../../db/database.ts';
import { moveChoiceLog } from '../../db/repositories/guest-games.ts';
import { bool } from '../../db/repositories/values.ts';

/** The fixture story as the log filler walks it. */
const story: WalkScene[] = playFixture().scenes.map((s) => ({
  id: s.id,
  options: (s.options ?? []).map((o) => ({ id: o.id, next: o.next_scenario_id ?? null })),
}));

type Split = { guests: number; players: number };
const split = (): Split => ({ guests: 0, players: 0 });

/**
 * The analytics figures computed straight from the raw log, by their definitions in
 * docs/analytics.md: decisions per day, distinct people, players by the day they first reached a
 * scene, and picks of one option.
 */
async function fromLog(db: Db, from?: string, to?: string) {
  const rows = await db.db.selectFrom('choice_log').selectAll().execute();
  const inRange = (day: string) => (!from || day >= from) && (!to || day <= to);
  const choices = split();
  const people = { guests: new Set<string>(), players: new Set<string>() };
  const first = new Map<string, string>();
  const picks = new Map<string, number>();
  for (const r of rows) {
    const day = r.created_at.slice(0, 10);
    const who = bool(r.is_guest) ? 'guests' : 'players';
    for (const scene of [r.scene_id, r.next_scene_id]) {
      if (!scene) continue;
      const key = `${scene}|${r.player_id}|${who}`;
      if (!first.has(key) || day < (first.get(key) as string)) first.set(key, day);
    }
    if (!inRange(day)) continue;
    choices[who]++;
    people[who].add(r.player_id);
    picks.set(`${r.option_id}|${who}`, (picks.get(`${r.option_id}|${who}`) ?? 0) + 1);
  }
  const reached = new Map<string, Split>();
  for (const [key, day] of first) {
    if (!inRange(day)) continue;
    const [scene, , who] = key.split('|') as [string, string, keyof Split];
    const s = reached.get(scene) ?? split();
    s[who]++;
    reached.set(scene, s);
  }
  return {
    choices,
    people: { guests: people.guests.size, players: people.players.size },
    reached,
    picks,
  };
}

describe.each(testEngines)('analytics running totals on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let cookie: string;
  const restart = async (config = {}) => {
    await app.close();
    app = await buildTestApp(db, { config });
  };
  const overview = async (query = '') => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/admin/analytics${query}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  /** The overview's figures, compared with the log's. */
  const expectEqualToLog = async (from?: string, to?: string) => {
    const q = [from && `from=${from}`, to && `to=${to}`].filter(Boolean).join('&');
    // A read never waits for a backlog (it says how far the count is): count it all first.
    await app.rollup.catchUp();
    const o = await overview(q ? `?${q}` : '');
    expect(o.counting).toBeNull();
    const log = await fromLog(db, from, to);
    expect(o.pending).toBe(0);
    expect(o.choices, `choices ${from}..${to}`).toEqual(log.choices);
    expect(o.people, `people ${from}..${to}`).toEqual(log.people);
    for (const scene of story) {
      const row = o.scenes.find((s: { sceneId: string }) => s.sceneId === scene.id);
      expect(row.reached, scene.id).toEqual(log.reached.get(scene.id) ?? split());
    }
    const shop = await app.inject({
      method: 'GET',
      url: `/api/admin/analytics/scenes/shop${q ? `?${q}` : ''}`,
      headers: { cookie },
    });
    for (const option of shop.json().options) {
      expect(option.picks, option.optionId).toEqual({
        guests: log.picks.get(`${option.optionId}|guests`) ?? 0,
        players: log.picks.get(`${option.optionId}|players`) ?? 0,
      });
    }
  };

  beforeAll(async () => {
    db = await engine.open();
    app = await buildTestApp(db, { content: playFixture() });
    cookie = (await adminSession(app)).cookie;
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('equal the log after rows reach it outside the game and the server restarts', async () => {
    const guest = await guestSession(app);
    await play(app, guest.cookie, 'POST', '/api/play/game/start');
    expect((await choose(app, guest.cookie, 'intro--learn')).statusCode).toBe(200);
    await expectEqualToLog();

    await fillChoiceLog(db.db, { rows: 3000, players: 90, days: 40, scenes: story, seed: 7 });
    await restart();
    await expectEqualToLog();
    const days = (await overview()).perDay.map((d: { day: string }) => d.day);
    await expectEqualToLog(days[3], days[days.length - 5]);
  });

  it('count the log again when rows were removed outside the game', async () => {
    const some = await db.db.selectFrom('choice_log').select('id').limit(250).execute();
    await db.db
      .deleteFrom('choice_log')
      .where(
        'id',
        'in',
        some.map((r) => r.id),
      )
      .execute();
    await restart();
    await expectEqualToLog();
  });

  it("follow a guest's game to their new account", async () => {
    const guest = await guestSession(app);
    await play(app, guest.cookie, 'POST', '/api/play/game/start');
    expect((await choose(app, guest.cookie, 'intro--learn')).statusCode).toBe(200);
    await overview();
    const account = await signUp(app);
    await db.db.transaction().execute((trx) => moveChoiceLog(trx, guest.userId, account.userId));
    await expectEqualToLog();
  });

  it('keep the figures of decisions the retention removed from the raw log', async () => {
    const before = await overview();
    await restart({ logRetentionDays: 20 });
    const removed = await app.rollup.purge();
    expect(removed).toBeGreaterThan(0);
    const cutoff = new Date((Math.floor(Date.now() / 86_400_000) - 20) * 86_400_000).toISOString();
    const old = await db.db
      .selectFrom('choice_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('created_at', '<', cutoff)
      .executeTakeFirstOrThrow();
    expect(Number(old.n)).toBe(0);
    const after = await overview();
    expect(after.choices).toEqual(before.choices);
    expect(after.people).toEqual(before.people);
    expect(after.perDay).toEqual(before.perDay);
    // A restart after the retention does not mistake the removed rows for an outside change.
    await restart({ logRetentionDays: 20 });
    expect((await overview()).choices).toEqual(before.choices);
  });
});
