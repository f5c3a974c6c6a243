import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../../test/server/databases.ts';
import { playFixture } from '../../../../test/server/play-fixture.ts';
import { choose, play } from '../../../../test/server/play-requests.ts';
import { signUp } from '../../../../test/server/sessions.ts';
import { buildTestApp } from '../../../../test/server/test-app.ts';
import type { Db } from '../../../db/database.ts';

describe.each(testEngines)('CHOICE_LIMIT on $name', (engine) => {
  let d: Db;
  let app: FastifyInstance;
  beforeAll(async () => {
    d = await engine.open();
    app = await buildTestApp(d, { content: playFixture(), config: { choiceLimit: 2 } });
  });
  afterAll(async () => {
    await app.close();
    await d.close();
  });

  it('refuses a player past the limit with 429 and a message, and counts each player apart', async () => {
    const first = await signUp(app);
    await play(app, first.cookie, 'POST', '/api/play/game/start');
    // Repeating a choice counts too: the limit is on requests, not on applied choices.
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await choose(app, first.cookie, 'intro--learn'));
    expect(answers.map((r) => r.statusCode).slice(0, 2)).not.toContain(429);
    expect(answers[2]!.statusCode).toBe(429);
    expect(answers[2]!.headers['retry-after']).toMatch(/^\d+$/);
    expect(answers[2]!.json().message).toMatch(/^You are choosing too fast; try again in /);

    const second = await signUp(app);
    await play(app, second.cookie, 'POST', '/api/play/game/start');
    expect((await choose(app, second.cookie, 'intro--learn')).statusCode).toBe(200);
  });
});
