import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChoiceApplied } from '../../../core/api/play.ts';
import { GUEST_EVENT, GUEST_EVENT_MIN_GAP_MS } from '../../../core/game/random-event.ts';
import { seededRandom } from '../../../scripts/story/rng.ts';
import { testEngines } from '../../../test/server/databases.ts';
import { playFixture } from '../../../test/server/play-fixture.ts';
import { guestSession } from '../../../test/server/sessions.ts';
import { buildTestApp } from '../../../test/server/test-app.ts';
import type { Content } from '../../content/content-files.ts';
import type { Db } from '../../db/database.ts';
import type { SessionUser } from '../../fastify.d.ts';
import { submitChoice } from './choice.ts';
import { startGame } from './game.ts';

const base = playFixture();
const template = base.events[0]!;
const ACTIVE = ['ev-a', 'ev-b', 'ev-c'];
/** The fixture with three active events and one inactive. */
const content: Content = {
  ...base,
  events: [
    ...ACTIVE.map((id) => ({ ...template, id, title: `Event ${id}`, frequency: 3 })),
    base.events[1]!,
  ],
};

/** Alternates shop → loop → shop ...: the option to take after `n` choices from intro. */
const cycle = (n: number) => (n === 0 ? 'intro--free' : n % 2 === 1 ? 'shop--loop' : 'loop--shop');

const GAMES = 200;
const CHOICES = 9;

describe.each(testEngines)('guest random events over 200 games on $name', (engine) => {
  let d: Db;
  let app: FastifyInstance;
  beforeAll(async () => {
    d = await engine.open();
    app = await buildTestApp(d, { content });
  });
  afterAll(async () => {
    await app.close();
    await d.close();
  });

  it('spreads over every active event, never on a first choice, never twice in a row', async () => {
    const s = await guestSession(app);
    const user: SessionUser = {
      id: s.userId,
      email: s.email,
      name: 'Guest',
      role: 'player',
      isAnonymous: true,
    };
    const random = seededRandom(20261123);
    let clock = Date.UTC(2026, 0, 1);
    const deps = { now: () => clock, random: () => random };
    const seen = new Map<string, number>();
    let triggered = 0;
    for (let game = 0; game < GAMES; game++) {
      await startGame(app.db, user);
      let lastId: string | null = null;
      let lastAt: number | null = null;
      for (let n = 0; n < CHOICES; n++) {
        // 1 to 10 s per scene: some events are refused as too soon.
        clock += 1000 + Math.floor(random() * 9000);
        const body = { optionId: cycle(n), idempotencyKey: randomUUID() };
        const res = (await submitChoice(app.db, app.dialect, user, body, deps)) as ChoiceApplied;
        const event = res.show.randomEvent;
        if (!event) continue;
        triggered++;
        expect(n, 'an event on the first choice').toBeGreaterThan(0);
        expect(res.player.sceneCount % 2, 'an event off the 2nd-scene cadence').toBe(0);
        expect(event.id, 'the same event twice in a row').not.toBe(lastId);
        if (lastAt !== null) expect(clock - lastAt).toBeGreaterThanOrEqual(GUEST_EVENT_MIN_GAP_MS);
        expect(res.changes?.event?.title).toBe(event.title);
        seen.set(event.id, (seen.get(event.id) ?? 0) + 1);
        lastId = event.id;
        lastAt = clock;
      }
    }
    // Only the admin's active events, each a fair share (uniform: about a third each).
    expect([...seen.keys()].sort()).toEqual(ACTIVE);
    expect(seen.has(GUEST_EVENT.id)).toBe(false);
    for (const id of ACTIVE) expect(seen.get(id)! / triggered).toBeGreaterThan(0.25);
    // Choices 3, 5, 7 and 9 reach scenes 4, 6, 8 and 10: at most 4 events a game.
    expect(triggered).toBeGreaterThan(GAMES);
    expect(triggered).toBeLessThanOrEqual(GAMES * 4);
  }, 240_000);

  it('falls back to the fixed guest event only when no event is active', async () => {
    await d.db.updateTable('random_events').set({ is_active: false }).execute();
    const s = await guestSession(app);
    const user: SessionUser = {
      id: s.userId,
      email: s.email,
      name: 'Guest',
      role: 'player',
      isAnonymous: true,
    };
    let clock = Date.UTC(2026, 0, 1);
    const deps = { now: () => clock, random: () => () => 0 };
    await startGame(app.db, user);
    const ids: (string | null)[] = [];
    for (let n = 0; n < 7; n++) {
      clock += 10_000;
      const body = { optionId: cycle(n), idempotencyKey: randomUUID() };
      const res = (await submitChoice(app.db, app.dialect, user, body, deps)) as ChoiceApplied;
      ids.push(res.show.randomEvent?.id ?? null);
    }
    // Scene 4 gets it; scene 6 comes right after the ad scene 5; scene 8 would show it a second
    // time in the game; never scene 2 (the first choice).
    const g = GUEST_EVENT.id;
    expect(ids).toEqual([null, null, g, null, null, null, null]);
  });
});
