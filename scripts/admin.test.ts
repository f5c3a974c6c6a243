import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';

const root = path.resolve(import.meta.dirname, '..');
let dataDir: string;

/** Runs `npm run admin -- ...args` as the README says, in a temp DATA_DIR. */
function admin(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, ...env },
    encoding: 'utf8',
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'seo-adv-admin-cli-'));
  const database = await openDatabase({ sqliteFile: path.join(dataDir, 'seo-adventure.db') });
  await migrateToLatest(database.db);
  const now = new Date().toISOString();
  await database.db
    .insertInto('user')
    .values({
      id: 'u-ann',
      name: 'Ann',
      email: 'ann@example.com',
      emailVerified: false,
      createdAt: now,
      updatedAt: now,
      role: 'admin',
    } as never)
    .execute();
  await database.close();
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run admin', () => {
  it('demotes an admin, listed in ADMIN_EMAILS or not (the list makes no one an admin)', () => {
    const r = admin(['demote', 'Ann@Example.com'], { ADMIN_EMAILS: 'ann@example.com' });
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('ann@example.com is now a player.');
    expect(admin(['list']).out).toContain('no admins yet');
  });

  it('promotes a registered account, and says when there is none', () => {
    const r = admin(['promote', 'ANN@example.com']);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('ann@example.com is now an admin.');
    expect(admin(['list']).out).toContain('ann@example.com');
    const none = admin(['promote', 'nobody@example.com']);
    expect(none.code).toBe(1);
    expect(none.err).toContain(
      'No account with the e-mail nobody@example.com. Register it first at /auth.',
    );
  });
});
