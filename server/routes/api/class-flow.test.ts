import { describe, expect, it } from 'vitest';
import { CLASS_MAX_STUDENTS, isClassCode } from '../../../core/classes/rules.ts';
import { classTestApp } from '../../../test/server/class-kit.ts';
import { testEngines } from '../../../test/server/databases.ts';
import { playSomeChoices } from '../../../test/server/play-driver.ts';
import { liveBus } from '../../live/bus.ts';
import { JOIN_MESSAGES } from '../../services/classes/join.ts';
import { inactiveCutoff } from '../../services/classes/teach.ts';

/** A class from creation to deletion (docs/class-mode.md). */
describe.each(testEngines)('a class on $name', (engine) => {
  const t = classTestApp(engine);

  it('students join with the code as typed, play, and the page and CSV show them; refusals say why', async () => {
    const made = await t.kit.create(t.teacher, 'Flow class');
    expect(isClassCode(made.code)).toBe(true);
    const typed = `${made.code.slice(0, 3).toLowerCase()} ${made.code.slice(3)}`;
    const ann = await t.kit.join(typed, '  Ann   B ');
    expect(ann.res.statusCode, ann.res.body).toBe(200);
    expect(ann.res.json()).toMatchObject({
      className: 'Flow class',
      name: 'Ann B',
      rejoined: false,
    });
    expect(ann.res.json().sceneId).toEqual(expect.any(String));
    const notices: string[] = [];
    const stop = (await liveBus(t.app)).onClass((id) => notices.push(id));
    await playSomeChoices(t.app, ann.cookie, 3);
    await new Promise((r) => setTimeout(r, 600));
    stop();
    expect(notices).toContain(made.id);

    const taken = await t.kit.join(made.code, 'ann b');
    expect(taken.res.statusCode).toBe(409);
    expect(taken.res.json()).toMatchObject({
      code: 'name-taken',
      message: JOIN_MESSAGES.nameTaken,
    });
    const wrong = await t.kit.join('ZZZZZZ', 'Cy');
    expect(wrong.res.statusCode).toBe(404);
    expect(wrong.res.json().message).toBe(JOIN_MESSAGES.unknown);
    expect((await t.kit.join('not a code', 'Cy')).res.statusCode).toBe(404);
    expect((await t.kit.join(made.code, '   ')).res.statusCode).toBe(400);

    const page = await t.kit.pageOf(made.id, t.teacher);
    expect(page.students).toHaveLength(1);
    const row = page.students[0]!;
    expect(row).toMatchObject({ name: 'Ann B', choices: 3 });
    expect(row.sceneTitle).toEqual(expect.any(String));
    expect(row.position).toBeGreaterThanOrEqual(1);
    expect(page.picture.byDay.reduce((n, d) => n + d.count, 0)).toBe(1);
    const csv = await t.kit.send('GET', `/api/teach/classes/${made.id}/export.csv`, t.teacher);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[1]).toMatch(/^Ann B,/);

    expect(
      (await t.kit.send('PATCH', `/api/teach/classes/${made.id}`, t.teacher, { open: false }))
        .statusCode,
    ).toBe(200);
    const closed = await t.kit.join(made.code, 'Dee');
    expect(closed.res.statusCode).toBe(409);
    expect(closed.res.json()).toMatchObject({ code: 'closed', message: JOIN_MESSAGES.closed });
    // Ann comes back to her game even while the class is closed.
    const back = await t.kit.join(made.code, 'Ann B', ann.cookie);
    expect(back.res.json()).toMatchObject({ rejoined: true, sceneId: row.sceneId });

    const reset = await t.kit.send(
      'POST',
      `/api/teach/classes/${made.id}/students/${row.id}/reset`,
      t.teacher,
    );
    expect(reset.statusCode).toBe(200);
    const afterReset = (await t.kit.pageOf(made.id, t.teacher)).students[0]!;
    expect(afterReset.choices).toBe(0);
    expect((await t.kit.pageOf(made.id, t.teacher)).picture.weakPicks).toEqual([]);
    const removed = await t.kit.send(
      'DELETE',
      `/api/teach/classes/${made.id}/students/${row.id}`,
      t.teacher,
    );
    expect(removed.statusCode).toBe(200);
    expect((await t.kit.pageOf(made.id, t.teacher)).students).toEqual([]);
    // Ann keeps her game (reset to the start scene) as a guest.
    const game = await t.kit.send('GET', '/api/play/game', ann.cookie);
    expect(game.json().player.currentSceneId).toEqual(expect.any(String));

    expect(
      (await t.kit.send('DELETE', `/api/teach/classes/${made.id}`, t.teacher)).statusCode,
    ).toBe(200);
    expect((await t.kit.page(made.id, t.teacher)).statusCode).toBe(404);
    const names = await t.db.db.selectFrom('class_students').select('name').execute();
    expect(names.map((n) => n.name)).not.toContain('Ann B');
  });

  it(`takes ${CLASS_MAX_STUDENTS} students joining from one address, then says it is full`, async () => {
    const made = await t.kit.create(t.teacher, 'Big class');
    for (let i = 0; i < CLASS_MAX_STUDENTS; i++) {
      // As the join page does: the look-up when the link opens, then the join (the rate limits
      // of both hold a class of 200 behind one address).
      const lookup = await t.kit.lookup(made.code, undefined, '10.98.0.1');
      expect(lookup.statusCode, lookup.body).toBe(200);
      const { res } = await t.kit.join(made.code, `Student ${i}`, undefined, '10.98.0.1');
      expect(res.statusCode, res.body).toBe(200);
    }
    const full = await t.kit.join(made.code, 'One too many', undefined, '10.98.0.1');
    expect(full.res.statusCode).toBe(409);
    expect(full.res.json().code).toBe('full');
    expect((await t.kit.pageOf(made.id, t.teacher)).students).toHaveLength(CLASS_MAX_STUDENTS);
  }, 120_000);

  it('a class without activity for 90 days closes on its own', async () => {
    const made = await t.kit.create(t.teacher, 'Old class');
    const old = new Date(Date.parse(inactiveCutoff()) - 1000).toISOString();
    await t.db.db
      .updateTable('classes')
      .set({ last_activity_at: old })
      .where('id', '=', made.id)
      .execute();
    const refused = await t.kit.join(made.code, 'Late');
    expect(refused.res.json().code).toBe('closed');
    expect((await t.kit.pageOf(made.id, t.teacher)).class).toMatchObject({
      open: false,
      closedReason: 'inactive',
    });
    // A class whose students still play stays open, and its activity moves to their play.
    const busy = await t.kit.create(t.teacher, 'Busy class');
    const student = await t.kit.join(busy.code, 'Still here');
    await playSomeChoices(t.app, student.cookie, 1);
    await t.db.db
      .updateTable('classes')
      .set({ last_activity_at: old })
      .where('id', '=', busy.id)
      .execute();
    expect((await t.kit.pageOf(busy.id, t.teacher)).class.open).toBe(true);
    const row = await t.db.db
      .selectFrom('classes')
      .select('last_activity_at')
      .where('id', '=', busy.id)
      .executeTakeFirstOrThrow();
    expect(new Date(row.last_activity_at).getTime()).toBeGreaterThan(Date.parse(old));
  });
});
