import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ClassActionResult } from '../../../core/api/classes.ts';
import { CSV_BOM } from '../../../core/classes/csv.ts';
import { CLASS_MAX_STUDENTS } from '../../../core/classes/rules.ts';
import { classTestApp } from '../../../test/server/class-kit.ts';
import { testEngines } from '../../../test/server/databases.ts';
import { playSomeChoices } from '../../../test/server/play-driver.ts';
import { adminSession, signUp } from '../../../test/server/sessions.ts';
import { setRole } from '../../auth/roles.ts';
import { JOIN_MESSAGES, WRONG_CODE_LIMIT } from '../../services/classes/join.ts';
import { UNDO_MESSAGES } from '../../services/classes/teach.ts';

/** Class mode's safety (docs/class-mode.md): the cap, names, guessing, undo, replaced games, CSV. */
describe.each(testEngines)('class safety on $name', (engine) => {
  const t = classTestApp(engine);

  it('40 joins at once at 195 seats end at 200: the database holds the cap', async () => {
    const made = await t.kit.create(t.teacher, 'Nearly full');
    const at = new Date().toISOString();
    const seated = Array.from({ length: CLASS_MAX_STUDENTS - 5 }, (_, i) => ({
      user_id: `seated-${made.id}-${i}`,
      class_id: made.id,
      name: `Seated ${i}`,
      name_key: `seated${i}`,
      since: at,
      joined_at: at,
    }));
    await t.db.db.insertInto('class_students').values(seated).execute();
    await t.db.db
      .updateTable('classes')
      .set({ seat_count: seated.length })
      .where('id', '=', made.id)
      .execute();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.kit.join(made.code, `Rush ${i}`, undefined, '10.97.0.1'),
      ),
    );
    const codes = answers.map((a) => a.res.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(35);
    for (const a of answers.filter((x) => x.res.statusCode === 409)) {
      expect(a.res.json()).toMatchObject({ code: 'full', message: JOIN_MESSAGES.full });
    }
    const count = await t.db.db
      .selectFrom('class_students')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('class_id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(CLASS_MAX_STUDENTS);
    const row = await t.db.db
      .selectFrom('classes')
      .select('seat_count')
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.seat_count)).toBe(CLASS_MAX_STUDENTS);
    // The CHECK refuses a count past the cap whatever writes it.
    await expect(
      t.db.db
        .updateTable('classes')
        .set({ seat_count: CLASS_MAX_STUDENTS + 1 })
        .where('id', '=', made.id)
        .execute(),
    ).rejects.toThrow();
  }, 60_000);

  it('refuses look-alike names, and names with nothing visible', async () => {
    const made = await t.kit.create(t.teacher, 'Names');
    expect((await t.kit.join(made.code, 'Paul')).res.statusCode).toBe(200);
    for (const poser of ['Рaul', 'Pa\u200bul', 'Paul.', 'PAUL', 'P\u202eaul']) {
      const { res } = await t.kit.join(made.code, poser);
      expect(res.statusCode, poser).toBe(409);
      expect(res.json()).toMatchObject({ code: 'name-taken', message: JOIN_MESSAGES.nameTaken });
    }
    const empty = await t.kit.join(made.code, '\u200b');
    expect(empty.res.statusCode).toBe(400);
    expect(empty.res.json().message).toContain('Type your name');
    const dots = await t.kit.join(made.code, '...');
    expect(dots.res.statusCode).toBe(400);
    expect(dots.res.json().message).toContain('Use letters or digits in your name');
    // Shown as typed, invisible characters removed.
    const zoe = await t.kit.join(made.code, 'Zoë\u200d Müller');
    expect(zoe.res.json().name).toBe('Zoë Müller');
  });

  it('wrong codes from one address are limited; another address and the right code elsewhere still work', async () => {
    const made = await t.kit.create(t.teacher, 'Guessed');
    const guesser = '10.96.0.1';
    for (let i = 0; i < WRONG_CODE_LIMIT.max; i++) {
      const res = await t.kit.lookup('ZZZZZZ', undefined, guesser);
      expect(res.statusCode).toBe(404);
    }
    const blocked = await t.kit.lookup(made.code, undefined, guesser);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'rate_limited', message: JOIN_MESSAGES.guessing });
    expect((await t.kit.join(made.code, 'Guess', undefined, guesser)).res.statusCode).toBe(429);
    expect((await t.kit.lookup(made.code, undefined, '10.96.0.2')).statusCode).toBe(200);
  });

  it('a closed class is named to its own students only; a returning student learns their seat', async () => {
    const made = await t.kit.create(t.teacher, 'Secret name');
    const ann = await t.kit.join(made.code, 'Ann');
    await t.kit.send('PATCH', `/api/teach/classes/${made.id}`, t.teacher, { open: false });
    const stranger = await t.kit.lookup(made.code);
    expect(stranger.json()).toEqual({ className: null, open: false, seat: null, game: null });
    expect(stranger.body).not.toContain('Secret name');
    const back = await t.kit.lookup(made.code, ann.cookie);
    expect(back.json()).toMatchObject({ className: 'Secret name', seat: { name: 'Ann' } });
    expect((await t.kit.join(made.code, 'Ann', ann.cookie)).res.json()).toMatchObject({
      rejoined: true,
    });
  });

  it('a join that would replace a game in progress is refused until confirmed', async () => {
    const made = await t.kit.create(t.teacher, 'Replace');
    const player = await signUp(t.app, { name: 'Has a game' });
    await playSomeChoices(t.app, player.cookie, 3);
    const before = (await t.kit.send('GET', '/api/play/game', player.cookie)).json().player;
    expect((await t.kit.lookup(made.code, player.cookie)).json().game).toEqual({ choices: 3 });
    const refused = await t.kit.join(made.code, 'Player', player.cookie);
    expect(refused.res.statusCode).toBe(409);
    expect(refused.res.json()).toMatchObject({
      code: 'game-in-progress',
      message: JOIN_MESSAGES.gameInProgress,
    });
    // Nothing changed: the game and its place are the player's.
    const kept = (await t.kit.send('GET', '/api/play/game', player.cookie)).json().player;
    expect(kept).toMatchObject({ currentSceneId: before.currentSceneId, choiceCount: 3 });
    expect((await t.kit.pageOf(made.id, t.teacher)).students).toEqual([]);
    const joined = await t.kit.join(made.code, 'Player', player.cookie, undefined, {
      replaceGame: true,
    });
    expect(joined.res.statusCode).toBe(200);
    const fresh = (await t.kit.send('GET', '/api/play/game', player.cookie)).json().player;
    expect(fresh.choiceCount).toBe(0);
  });

  it('Reset and Remove can be undone; an undo after the student played again is refused', async () => {
    const made = await t.kit.create(t.teacher, 'Undo');
    const bo = await t.kit.join(made.code, 'Bo');
    await playSomeChoices(t.app, bo.cookie, 4);
    const id = (await t.kit.pageOf(made.id, t.teacher)).students[0]!.id;
    const path = `/api/teach/classes/${made.id}`;
    const reset = await t.kit.send('POST', `${path}/students/${id}/reset`, t.teacher);
    const undo = (reset.json() as ClassActionResult).undo!;
    expect(undo.id).toEqual(expect.any(String));
    expect((await t.kit.pageOf(made.id, t.teacher)).students[0]).toMatchObject({
      choices: 0,
      path: [],
    });
    expect((await t.kit.send('POST', `${path}/undo/${undo.id}`, t.teacher)).statusCode).toBe(200);
    const back = (await t.kit.pageOf(made.id, t.teacher)).students[0]!;
    expect(back.choices).toBe(4);
    expect(back.path).toHaveLength(4);
    const again = await t.kit.send('POST', `${path}/undo/${undo.id}`, t.teacher);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(UNDO_MESSAGES.gone);

    const second = (await t.kit.send('POST', `${path}/students/${id}/reset`, t.teacher)).json();
    await playSomeChoices(t.app, bo.cookie, 1);
    const late = await t.kit.send('POST', `${path}/undo/${second.undo.id}`, t.teacher);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(UNDO_MESSAGES.playedSince);
    expect((await t.kit.pageOf(made.id, t.teacher)).students[0]!.choices).toBe(1);

    const removed = (await t.kit.send('DELETE', `${path}/students/${id}`, t.teacher)).json();
    expect((await t.kit.pageOf(made.id, t.teacher)).students).toEqual([]);
    expect(
      (await t.kit.send('POST', `${path}/undo/${removed.undo.id}`, t.teacher)).statusCode,
    ).toBe(200);
    expect((await t.kit.pageOf(made.id, t.teacher)).students.map((s) => s.name)).toEqual(['Bo']);
    expect((await t.kit.pageOf(made.id, t.teacher)).class.students).toBe(1);
    // Another t.teacher cannot undo it: the class is not theirs.
    const other = await signUp(t.app, { name: 'Other' });
    expect(
      (await t.kit.send('POST', `${path}/undo/${randomUUID()}`, other.cookie)).statusCode,
    ).toBe(404);
  });

  it('the CSV opens with the right characters: a byte-order mark, one row per student', async () => {
    const made = await t.kit.create(t.teacher, 'Zoë’s class');
    for (const name of ['Zoë Müller', 'José, Ñ', '=1+1']) await t.kit.join(made.code, name);
    const res = await t.kit.send(
      'GET',
      `/api/teach/classes/${made.id}/export.csv?tz=Europe/Paris`,
      t.teacher,
    );
    expect(res.statusCode).toBe(200);
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain('Joined (Europe/Paris)');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(
      expect.arrayContaining(['Zoë Müller', '"José', "'=1+1"]),
    );
    // A decision the class did not make: 404; one it made: its split.
    const none = await t.kit.send(
      'GET',
      `/api/teach/classes/${made.id}/export.csv?decision=nope`,
      t.teacher,
    );
    expect(none.statusCode).toBe(404);
  });

  it('a demoted admin loses other teachers\u2019 classes at once, and their class stream closes', async () => {
    const made = await t.kit.create(t.teacher, 'Watched');
    const admin = await adminSession(t.app);
    expect((await t.kit.page(made.id, admin.cookie)).statusCode).toBe(200);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address() as { port: number };
    const stream = await fetch(`http://127.0.0.1:${address.port}/api/live?class=${made.id}`, {
      headers: { cookie: admin.cookie, origin: t.app.config.publicUrl },
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    await reader.read();
    await setRole(t.app.db, 'admin@example.com', 'player');
    expect((await t.kit.page(made.id, admin.cookie)).statusCode).toBe(404);
    t.app.sessionCache.clear();
    const ended = await Promise.race([
      (async () => {
        for (;;) if ((await reader.read()).done) return true;
      })(),
      new Promise((r) => setTimeout(() => r(false), 3000)),
    ]);
    expect(ended).toBe(true);
  });
});
