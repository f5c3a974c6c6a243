import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../../test/server/databases.ts';
import { adminSession, type TestSession } from '../../../../test/server/sessions.ts';
import { buildTestApp } from '../../../../test/server/test-app.ts';
import type { Db } from '../../../db/database.ts';

/**
 * A big import, its undo and the JSON export are worked in slices: other requests are answered
 * while they run, and the admin can see how far they got (docs/security.md "Long imports never
 * hold the server"). The wait itself is measured by `npm run bench` (import-wait.ts).
 */
describe.each(testEngines)('a big import in slices on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let admin: TestSession;
  beforeAll(async () => {
    db = await engine.open();
    app = await buildTestApp(db);
    admin = await adminSession(app);
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: { cookie: admin.cookie, origin: app.config.publicUrl },
      ...(payload ? { payload } : {}),
    });

  /** Runs `work` and, until it ends, asks for the progress and /api/health; what they saw. */
  async function watched(work: Promise<{ statusCode: number }>) {
    let finished = false;
    const running = work.finally(() => {
      finished = true;
    });
    const seen: { action: string; done: number; total: number }[] = [];
    let health = 0;
    while (!finished) {
      const p = (await call('GET', '/api/admin/import/progress')).json().progress;
      if (p && !finished) seen.push(p);
      if ((await app.inject({ method: 'GET', url: '/api/health' })).statusCode === 200 && !finished)
        health++;
      await new Promise((r) => setTimeout(r, 5));
    }
    return { res: await running, seen, health };
  }

  it('answers others and shows its progress while it imports, exports and undoes 3,000 passages', async () => {
    let twee = ':: StoryTitle\nSliced\n\n';
    for (let i = 0; i < 3000; i++) twee += `:: P${i}\nText ${i} [[Go->P${(i + 1) % 3000}]]\n\n`;

    const imported = await watched(
      call('POST', '/api/admin/import', { format: 'twee', text: twee }),
    );
    expect(imported.res.statusCode).toBe(200);
    const writing = imported.seen.filter((p) => p.action === 'import' && p.total > 0);
    // Seen part way: some rows written, not all.
    expect(writing.some((p) => p.done > 0 && p.done < p.total)).toBe(true);
    expect(imported.health).toBeGreaterThan(0);

    const exported = await watched(call('GET', '/api/admin/export.json'));
    expect(exported.res.statusCode).toBe(200);
    expect(exported.seen.some((p) => p.action === 'export' && p.done > 0)).toBe(true);
    const file = JSON.parse((exported.res as unknown as { body: string }).body);
    expect(file.scenes).toHaveLength(3000);
    // The export can be imported back: a dry run of it changes nothing.
    const back = await call('POST', '/api/admin/import/dry-run', {
      format: 'json',
      text: JSON.stringify(file),
    });
    expect(back.statusCode).toBe(200);
    expect(back.json().plan.kinds.scenes).toMatchObject({ added: [], changed: [], removed: [] });

    const entry = (await call('GET', '/api/admin/undo'))
      .json()
      .entries.find((e: { action: string }) => e.action === 'import');
    const undone = await watched(call('POST', `/api/admin/undo/${entry.id}`));
    expect(undone.res.statusCode).toBe(200);
    expect(undone.seen.some((p) => p.action === 'undo' && p.done > 0 && p.done < p.total)).toBe(
      true,
    );
    expect(
      await db.db.selectFrom('scenarios').select('id').where('id', '=', 'P1').execute(),
    ).toEqual([]);
    expect((await call('GET', '/api/admin/import/progress')).json()).toEqual({ progress: null });
  }, 180_000);
});
