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

describe('npm run admin -- demote', () => {
  it('refuses an ADMIN_EMAILS address, saying why, and leaves the role alone', () => {
    const r = admin(['demote', 'Ann@Example.com'], { ADMIN_EMAILS: 'ann@example.com' });
    expect(r.code).toBe(1);
    expect(r.err).toContain(
      'ann@example.com is listed in ADMIN_EMAILS, so it becomes an admin again at its next sign-in.',
    );
    expect(admin(['list']).out).toContain('ann@example.com');
  });

  it('demotes an address that is not listed', () => {
    const r = admin(['demote', 'ann@example.com'], { ADMIN_EMAILS: 'other@example.com' });
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('ann@example.com is now a player.');
    expect(admin(['list']).out).toContain('no admins yet');
  });
});
