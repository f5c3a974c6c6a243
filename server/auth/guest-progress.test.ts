import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEEP_GAME_PATH } from '../../core/api/keep-game.ts';
import { testEngines } from '../../test/server/databases.ts';
import { playSomeChoices } from '../../test/server/play-driver.ts';
import { cookieFrom, guestSession, signIn, signUp } from '../../test/server/sessions.ts';
import { buildTestApp } from '../../test/server/test-app.ts';
import { readContent } from '../content/content-files.ts';
import type { Db } from '../db/database.ts';
import { heldGameKey } from './guest-progress.ts';

describe.each(testEngines)(
  'a guest who played logs in to an account with a game, on $name',
  (engine) => {
    let db: Db;
    let app: FastifyInstance;
    beforeAll(async () => {
      db = await engine.open();
      app = await buildTestApp(db, { content: await readContent() });
    });
    afterAll(async () => {
      await app.close();
      await db.close();
    });

    const send = (method: 'GET' | 'POST', cookie: string, payload?: Record<string, string>) =>
      app.inject({
        method,
        url: KEEP_GAME_PATH,
        headers: { cookie, origin: app.config.publicUrl },
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
    const game = async (cookie: string) =>
      (await app.inject({ method: 'GET', url: '/api/play/game', headers: { cookie } })).json()
        .player;

    /** An account that made `accountChoices` choices, then a guest that made `guestChoices` and logs in to it. */
    async function setUp(accountChoices: number, guestChoices: number) {
      const email = `keep-${Math.random().toString(36).slice(2)}@example.com`;
      const account = await signUp(app, { email });
      if (accountChoices > 0) {
        await app.inject({
          method: 'POST',
          url: '/api/play/game/start',
          headers: { cookie: account.cookie, origin: app.config.publicUrl },
        });
        await playSomeChoices(app, account.cookie, accountChoices);
      }
      const guest = await guestSession(app);
      await app.inject({
        method: 'POST',
        url: '/api/play/game/start',
        headers: { cookie: guest.cookie, origin: app.config.publicUrl },
      });
      if (guestChoices > 0) await playSomeChoices(app, guest.cookie, guestChoices);
      const res = await signIn(app, email, 'secret123', { cookie: guest.cookie });
      expect(res.statusCode, res.body).toBe(200);
      return { cookie: cookieFrom(res.headers['set-cookie']), userId: account.userId };
    }

    it('keeps both games until the player picks one; keeping the guest game replaces the account game', async () => {
      const { cookie, userId } = await setUp(3, 1);
      const before = await game(cookie);
      expect(before.choiceCount).toBe(3);
      const open = await send('GET', cookie);
      expect(open.statusCode).toBe(200);
      const { choice } = open.json();
      expect(choice.account.choiceCount).toBe(3);
      expect(choice.guest.choiceCount).toBe(1);
      expect(choice.guest.sceneTitle).toEqual(expect.any(String));

      const kept = await send('POST', cookie, { keep: 'guest' });
      expect(kept.statusCode, kept.body).toBe(200);
      expect((await game(cookie)).choiceCount).toBe(1);
      expect((await send('GET', cookie)).json().choice).toBeNull();
      const held = await db.db
        .selectFrom('players')
        .select('user_id')
        .where('user_id', '=', heldGameKey(userId))
        .executeTakeFirst();
      expect(held).toBeUndefined();
      // Once chosen there is nothing left to choose.
      expect((await send('POST', cookie, { keep: 'guest' })).statusCode).toBe(404);
    });

    it("keeping the account's game deletes the guest's", async () => {
      const { cookie } = await setUp(2, 3);
      expect((await send('POST', cookie, { keep: 'account' })).statusCode).toBe(200);
      const after = await game(cookie);
      expect(after.choiceCount).toBe(2);
      expect(after.isGuest).toBe(false);
      expect((await send('GET', cookie)).json().choice).toBeNull();
    });

    it('asks nothing when only one side has made a choice', async () => {
      const guestOnly = await setUp(0, 2);
      expect((await send('GET', guestOnly.cookie)).json().choice).toBeNull();
      expect((await game(guestOnly.cookie)).choiceCount).toBe(2);

      const accountOnly = await setUp(2, 0);
      expect((await send('GET', accountOnly.cookie)).json().choice).toBeNull();
      expect((await game(accountOnly.cookie)).choiceCount).toBe(2);
    });

    it('refuses a keep value other than guest or account', async () => {
      const { cookie } = await setUp(1, 1);
      const res = await send('POST', cookie, { keep: 'both' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/keep must be 'guest' or 'account'/);
    });
  },
);
