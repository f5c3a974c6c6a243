import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classKit } from '../../../test/server/class-kit.ts';
import { testEngines } from '../../../test/server/databases.ts';
import { playSomeChoices } from '../../../test/server/play-driver.ts';
import { adminSession, signUp } from '../../../test/server/sessions.ts';
import { buildTestApp } from '../../../test/server/test-app.ts';
import { readContent } from '../../content/content-files.ts';
import type { Db } from '../../db/database.ts';

/** Who may see a class (docs/class-mode.md 'Privacy'): every role against every class route. */
describe.each(testEngines)('class privacy on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let kit: ReturnType<typeof classKit>;
  let teacher: string;
  let other: string;
  let admin: string;
  let student: string;
  let classId: string;
  let code: string;
  beforeAll(async () => {
    db = await engine.open();
    app = await buildTestApp(db, { content: await readContent() });
    kit = classKit(app);
    teacher = (await signUp(app, { name: 'Ms Teach' })).cookie;
    other = (await signUp(app, { name: 'Mr Other' })).cookie;
    admin = (await adminSession(app)).cookie;
    const made = await kit.create(teacher, 'Privacy class');
    classId = made.id;
    code = made.code;
    const joined = await kit.join(code, 'Ada Student');
    expect(joined.res.statusCode, joined.res.body).toBe(200);
    student = joined.cookie;
    expect((await kit.join(code, 'Bea Student')).res.statusCode).toBe(200);
    await playSomeChoices(app, student, 2);
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  const routes = () =>
    [
      ['GET', `/api/teach/classes/${classId}`],
      ['GET', `/api/teach/classes/${classId}/export.csv`],
      ['GET', `/api/live?class=${classId}`],
      ['PATCH', `/api/teach/classes/${classId}`, { open: false }],
      ['POST', `/api/teach/classes/${classId}/students/nobody/reset`],
      ['DELETE', `/api/teach/classes/${classId}/students/nobody`],
      ['DELETE', `/api/teach/classes/${classId}`],
    ] as const;

  it('anonymous callers and guest students get 401 from every teacher route', async () => {
    for (const cookie of [undefined, student]) {
      expect((await kit.send('GET', '/api/teach/classes', cookie)).statusCode).toBe(401);
      for (const [method, url, body] of routes()) {
        const res = await kit.send(method, url, cookie, body);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.body).not.toContain('Ada');
      }
    }
  });

  it('another signed-in account gets 404 everywhere and an empty list', async () => {
    for (const [method, url, body] of routes()) {
      const res = await kit.send(method, url, other, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).not.toContain('Ada');
    }
    expect((await kit.send('GET', '/api/teach/classes', other)).json().classes).toEqual([]);
    expect((await kit.page(classId, teacher)).json().class.open).toBe(true);
  });

  it('the teacher and an admin see the names; the admin sees the class in the list', async () => {
    for (const cookie of [teacher, admin]) {
      const page = await kit.pageOf(classId, cookie);
      expect(page.students.map((s) => s.name)).toEqual(['Ada Student', 'Bea Student']);
      expect(page.students[0]!.choices).toBe(2);
    }
    const list = (await kit.send('GET', '/api/teach/classes', admin)).json().classes;
    expect(list.map((c: { id: string }) => c.id)).toContain(classId);
    expect(list.find((c: { id: string }) => c.id === classId).mine).toBe(false);
  });

  it("a student sees no one's name: join lookup, join answer and their game carry none", async () => {
    const lookup = await kit.send('GET', `/api/join/${code}`);
    expect(lookup.json()).toEqual({
      className: 'Privacy class',
      open: true,
      seat: null,
      game: null,
    });
    const seen = [
      lookup.body,
      (await kit.send('GET', '/api/play/game', student)).body,
      (await kit.join(code, 'Ada Student', student)).res.body,
      (await kit.send('GET', '/api/session', student)).body,
    ].join('\n');
    expect(seen).not.toContain('Bea');
    expect(seen).not.toContain('Ms Teach');
  });

  it('a student who registers keeps the seat and the game, and still cannot read the class', async () => {
    const before = await kit.pageOf(classId, teacher);
    const ada = before.students.find((s) => s.name === 'Ada Student')!;
    const account = await signUp(app, { cookie: student, name: 'Ada Lovelace' });
    const after = await kit.pageOf(classId, teacher);
    const moved = after.students.find((s) => s.name === 'Ada Student')!;
    expect(moved.id).toBe(account.userId);
    expect(moved.choices).toBe(ada.choices);
    expect((await kit.page(classId, account.cookie)).statusCode).toBe(404);
  });
});
