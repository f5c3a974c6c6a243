import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyEventChanges } from '../../../../core/game/random-event.ts';
import { applyStatChanges } from '../../../../core/game/stats.ts';
import { testEngines } from '../../../../test/server/databases.ts';
import { playFixture } from '../../../../test/server/play-fixture.ts';
import { choose, play } from '../../../../test/server/play-requests.ts';
import { guestSession, signUp } from '../../../../test/server/sessions.ts';
import { buildTestApp } from '../../../../test/server/test-app.ts';
import type { Db } from '../../../db/database.ts';

const fixture = playFixture();
const evTwo = fixture.events.find((e) => e.id === 'ev-two')!;

/** Alternates shop → loop → shop ...: the option to take after `n` choices from intro. */
const cycle = (n: number) => (n === 0 ? 'intro--free' : n % 2 === 1 ? 'shop--loop' : 'loop--shop');

describe.each(testEngines)('random events and advertisements on $name', (engine) => {
  let d: Db;
  let app: FastifyInstance;
  beforeAll(async () => {
    d = await engine.open();
    // Guest draws from Math.random, which the tests below fix.
    const eventDeps = { now: () => Date.now(), random: () => () => Math.random() };
    app = await buildTestApp(d, { content: fixture, eventDeps });
  });
  afterAll(async () => {
    await app.close();
    await d.close();
  });
  afterEach(() => vi.restoreAllMocks());

  it('signed-in: an active event every N choices, its changes applied, inactive ones never', async () => {
    const s = await signUp(app);
    await play(app, s.cookie, 'POST', '/api/play/game/start');
    const first = (await choose(app, s.cookie, cycle(0))).json();
    expect(first.show).toEqual({});
    const second = (await choose(app, s.cookie, cycle(1))).json();
    expect(second.show.randomEvent).toMatchObject({
      id: 'ev-two',
      title: 'A backlink',
      mediaType: 'image',
    });
    // The event's *_change columns, as stat changes in the rules' order.
    expect(second.show.randomEvent.changes).toEqual([
      { stat: 'gold', delta: 7 },
      { stat: 'revenue', delta: 3 },
      { stat: 'health', delta: -2 },
    ]);
    expect(second.show.advertisement).toBeUndefined();
    const expected = applyEventChanges(applyStatChanges(first.player.stats, { gold: -1 }), evTwo);
    expect(second.player.stats).toEqual(expected);
    expect((await choose(app, s.cookie, cycle(2))).json().show).toEqual({});
    const log = await d.db
      .selectFrom('choice_log')
      .select(['event_id'])
      .where('player_id', '=', s.userId)
      .orderBy('created_at')
      .execute();
    expect(log.map((r) => r.event_id)).toEqual([null, 'ev-two', null]);
  });

  it("guests: the admin's events on every 2nd scene at 80 %, not on the first choice, not within 5 s, once a game", async () => {
    const s = await guestSession(app);
    await play(app, s.cookie, 'POST', '/api/play/game/start');
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.79);
    const first = (await choose(app, s.cookie, cycle(0))).json(); // scene 2: the first choice
    expect(first.show.randomEvent).toBeUndefined();
    await choose(app, s.cookie, cycle(1)); // scene 3: not a 2nd scene
    const hit = (await choose(app, s.cookie, cycle(2))).json(); // scene 4
    expect(hit.show.randomEvent).toMatchObject({ id: 'ev-two' });
    expect(hit.show.randomEvent.changes).toContainEqual({ stat: 'gold', delta: 7 });
    expect(hit.changes.event).toEqual({
      title: 'A backlink',
      stats: [
        { stat: 'health', delta: -2 },
        { stat: 'gold', delta: 7 },
        { stat: 'revenue', delta: 3 },
      ],
      gained: [],
      lost: [],
    });
    await choose(app, s.cookie, cycle(3)); // scene 5
    const soon = (await choose(app, s.cookie, cycle(4))).json(); // scene 6: after an ad scene
    expect(soon.show.randomEvent).toBeUndefined();
    const longAgo = () =>
      d.db
        .updateTable('players')
        .set({ last_event_at: new Date(Date.now() - 5000).toISOString() })
        .where('user_id', '=', s.userId)
        .execute();
    await longAgo();
    await choose(app, s.cookie, cycle(5)); // scene 7
    const again = (await choose(app, s.cookie, cycle(6))).json(); // scene 8: would repeat ev-two
    expect(again.show.randomEvent).toBeUndefined();
    random.mockReturnValue(0.8);
    await choose(app, s.cookie, cycle(7)); // scene 9
    const unlucky = (await choose(app, s.cookie, cycle(8))).json(); // scene 10, 80 % misses
    expect(unlucky.show.randomEvent).toBeUndefined();
    random.mockReturnValue(0.1);
    await choose(app, s.cookie, cycle(9)); // scene 11
    const lucky = (await choose(app, s.cookie, cycle(10))).json(); // scene 12: ev-two was shown
    expect(lucky.show.randomEvent).toBeUndefined();
  });

  it('shows an advertisement before every 5th scene: index = scene count mod number of ads', async () => {
    const s = await guestSession(app);
    await play(app, s.cookie, 'POST', '/api/play/game/start');
    vi.spyOn(Math, 'random').mockReturnValue(0.99); // no guest events
    const shows = [];
    for (let n = 0; n < 9; n++) shows.push((await choose(app, s.cookie, cycle(n))).json().show);
    // After choice n the player reaches scene n + 2; scenes 5 and 10 get an ad.
    expect(shows.map((sh) => sh.advertisement?.id ?? null)).toEqual([
      null,
      null,
      null,
      'ad-low',
      null,
      null,
      null,
      null,
      'ad-high',
    ]);
    expect(shows[3].advertisement).toMatchObject({
      title: 'Low',
      ctaText: 'Learn More',
      priority: 1,
    });
    expect(shows[8].advertisement).toMatchObject({ ctaText: 'Buy hats' });
  });

  it('an event shows once a game: the ad scene after it gets its advertisement', async () => {
    const s = await signUp(app);
    await play(app, s.cookie, 'POST', '/api/play/game/start');
    let fourth: { show: Record<string, unknown> } | undefined;
    for (let n = 0; n < 4; n++) fourth = (await choose(app, s.cookie, cycle(n))).json();
    // Choice 4 reaches scene 5 (an ad scene); ev-two (every 2nd choice) was shown at choice 2.
    // (When an event does fall on an ad scene, it takes the ad's place: core interruption tests.)
    expect(fourth!.show.randomEvent).toBeUndefined();
    expect(fourth!.show.advertisement).toBeDefined();
  });
});
