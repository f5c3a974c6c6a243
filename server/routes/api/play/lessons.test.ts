import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../../test/server/databases.ts';
import { playFixture } from '../../../../test/server/play-fixture.ts';
import { choose, play } from '../../../../test/server/play-requests.ts';
import { guestSession, signUp } from '../../../../test/server/sessions.ts';
import { buildTestApp } from '../../../../test/server/test-app.ts';
import type { Content } from '../../../content/content-files.ts';
import type { Db } from '../../../db/database.ts';

const WHY_DOCS = 'Reading how search works first means you pay nobody to guess for you.';
const WHY_LINKS = 'Links people give freely are the ones search engines count.';

/**
 * The fixture with lessons and why lines: reading the docs on day 1 teaches a lesson (with a
 * story flag beside it), the shop leads to a day-2 scene whose option teaches another lesson
 * and ends the game.
 */
function withLessons(): Content {
  const base = playFixture();
  const content = { ...base, scenes: base.scenes.map((s) => ({ ...s, options: [...s.options] })) };
  const [intro, shop] = content.scenes;
  intro!.options = intro!.options.map((o) =>
    o.id === 'intro--learn'
      ? {
          ...o,
          why: WHY_DOCS,
          stats_changes: {
            intelligence: 5,
            addInventory: ['Lesson: Learn before you buy', 'Flag: Shortcut: none'],
          },
        }
      : o,
  );
  shop!.options.push({ id: 'shop--day2', text: 'Sleep on it', next_scenario_id: 'day2' });
  content.scenes.push({
    id: 'day2',
    title: 'Day two',
    day: 2,
    is_end_of_day: false,
    is_ending: false,
    is_start: false,
    options: [
      {
        id: 'day2--thank',
        text: 'Thank the blogger',
        why: WHY_LINKS,
        next_scenario_id: 'the-end',
        stats_changes: { charisma: 2, addInventory: ['Lesson: Earned links'] },
      },
    ],
  });
  return content;
}

describe.each(testEngines)('lessons at the moment on $name', (engine) => {
  let d: Db;
  let app: FastifyInstance;
  beforeAll(async () => {
    d = await engine.open();
    app = await buildTestApp(d, { content: withLessons() });
  });
  afterAll(async () => {
    await app.close();
    await d.close();
  });

  it('answers a decision with its why line and the lesson learned, never the flag', async () => {
    const s = await guestSession(app);
    await play(app, s.cookie, 'POST', '/api/play/game/start');
    const key = 'why-key-0001';
    const res = await choose(app, s.cookie, 'intro--learn', key);
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer.changes.why).toBe(WHY_DOCS);
    expect(answer.changes.choice.gained).toEqual(['Lesson: Learn before you buy']);
    expect(answer.player.stats.inventory).toEqual(['Lesson: Learn before you buy']);
    expect(JSON.stringify(answer)).not.toContain('Flag:');
    // The next read of the game has the lesson too, at once, not only at the ending.
    const game = (await play(app, s.cookie, 'GET', '/api/play/game')).json();
    expect(game.player.stats.inventory).toEqual(['Lesson: Learn before you buy']);
    expect(game.player.recap).toBeNull();
    // A retry of the same decision replays the same why line.
    const replay = (await choose(app, s.cookie, 'intro--learn', key)).json();
    expect(replay.changes.why).toBe(WHY_DOCS);
    // The server keeps the flag; it is only never sent.
    const row = await d.db
      .selectFrom('players')
      .select('stats')
      .where('user_id', '=', s.userId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(row.stats)).inventory).toContain('Flag: Shortcut: none');
  });

  it('says nothing why for an option without a why line, and the why never before choosing', async () => {
    const s = await signUp(app);
    await play(app, s.cookie, 'POST', '/api/play/game/start');
    const intro = (await play(app, s.cookie, 'GET', '/api/play/scenes/intro')).json();
    expect(JSON.stringify(intro)).not.toContain(WHY_DOCS);
    const answer = (await choose(app, s.cookie, 'intro--free')).json();
    expect(answer.changes.why).toBeNull();
  });

  it('dates each lesson of a finished game by the day it was learned', async () => {
    const s = await signUp(app);
    await play(app, s.cookie, 'POST', '/api/play/game/start');
    await choose(app, s.cookie, 'intro--learn');
    await choose(app, s.cookie, 'shop--loop');
    await choose(app, s.cookie, 'loop--shop');
    expect((await choose(app, s.cookie, 'shop--day2')).statusCode).toBe(200);
    const end = (await choose(app, s.cookie, 'day2--thank')).json();
    expect(end.changes.why).toBe(WHY_LINKS);
    expect(end.player.finished).toBe(true);
    const recap = {
      lessons: ['Learn before you buy', 'Earned links'],
      bought: [],
      lessonDays: { 'Learn before you buy': 1, 'Earned links': 2 },
    };
    expect(end.player.recap).toEqual(recap);
    // Read again later (from the choice log), the recap says the same.
    const game = (await play(app, s.cookie, 'GET', '/api/play/game')).json();
    expect(game.player.recap).toEqual(recap);
    // A new game starts its own log: the old game's days do not leak into it.
    await play(app, s.cookie, 'POST', '/api/play/game/start');
    await choose(app, s.cookie, 'intro--free');
    await choose(app, s.cookie, 'shop--day2');
    const again = (await choose(app, s.cookie, 'day2--thank')).json();
    expect(again.player.recap).toEqual({
      lessons: ['Earned links'],
      bought: [],
      lessonDays: { 'Earned links': 2 },
    });
  });
});
