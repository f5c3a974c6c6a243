import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../../test/server/databases.ts';
import { playFixture } from '../../../../test/server/play-fixture.ts';
import { choose, play } from '../../../../test/server/play-requests.ts';
import { guestSession } from '../../../../test/server/sessions.ts';
import { buildTestApp } from '../../../../test/server/test-app.ts';
import type { Content } from '../../../content/content-files.ts';
import type { Db } from '../../../db/database.ts';

/** The fixture with a story flag: 'Ask a friend' sets it, an intro and a shop option need it. */
function flagged(): Content {
  const base = playFixture();
  // Copies: the fixture's scenes are shared module constants.
  const content = { ...base, scenes: base.scenes.map((s) => ({ ...s, options: [...s.options] })) };
  const [intro, shop] = content.scenes;
  intro!.options = intro!.options.map((o) =>
    o.id === 'intro--free'
      ? { ...o, stats_changes: { gold: 0, addInventory: ['Map', 'Flag: Secret'] } }
      : o,
  );
  intro!.options.push({
    id: 'intro--secret',
    text: 'Use the secret',
    next_scenario_id: 'shop',
    required_items: ['Flag: Secret'],
  });
  shop!.options.push({
    id: 'shop--secret',
    text: 'Use the secret again',
    next_scenario_id: 'loop',
    required_items: ['Flag: Secret', 'Map'],
  });
  return content;
}

describe.each(testEngines)('story flags on $name', (engine) => {
  let d: Db;
  let app: FastifyInstance;
  beforeAll(async () => {
    d = await engine.open();
    app = await buildTestApp(d, { content: flagged() });
  });
  afterAll(async () => {
    await app.close();
    await d.close();
  });

  it('does not offer an option whose flag the player lacks, and never names the flag', async () => {
    const s = await guestSession(app);
    await play(app, s.cookie, 'POST', '/api/play/game/start');
    const intro = (await play(app, s.cookie, 'GET', '/api/play/scenes/intro')).json().scene;
    const ids = intro.options.map((o: { id: string }) => o.id);
    expect(ids).not.toContain('intro--secret');
    expect(ids).toContain('intro--locked');
    const refused = await choose(app, s.cookie, 'intro--secret');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Not available on your path');
    // Once set, the flag unlocks like any item; the server keeps it with the stats but never
    // sends it to the player (inventory and change line).
    const answer = (await choose(app, s.cookie, 'intro--free')).json();
    expect(answer.changes.choice.gained).toEqual(['Map']);
    expect(answer.player.stats.inventory).toEqual(['Map']);
    const row = await d.db
      .selectFrom('players')
      .select('stats')
      .where('user_id', '=', s.userId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(row.stats)).inventory).toEqual(['Map', 'Flag: Secret']);
    const secret = answer.nextScene.options.find((o: { id: string }) => o.id === 'shop--secret');
    expect(secret).toMatchObject({ locked: false, lockedReason: null });
  });
});
