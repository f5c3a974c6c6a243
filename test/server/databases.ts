import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { type Db, openDatabase } from '../../server/db/database.ts';

/** A database engine tests can run against. */
export interface TestEngine {
  name: 'sqlite' | 'postgres';
  /** Opens a fresh, empty database (a temp SQLite file, or its own PostgreSQL schema). */
  open(): Promise<Db>;
}

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const testEngines: TestEngine[] = [
  {
    name: 'sqlite',
    async open() {
      const dir = mkdtempSync(path.join(tmpdir(), 'seo-adv-test-'));
      const db = await openDatabase({ sqliteFile: path.join(dir, 'test.db') });
      return {
        ...db,
        async close() {
          await db.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          name: 'postgres' as const,
          async open() {
            const schema = `t_${randomBytes(6).toString('hex')}`;
            const db = await openDatabase({
              databaseUrl: process.env.TEST_DATABASE_URL,
              pgSchema: schema,
              pgPoolSize: 4,
            });
            return {
              ...db,
              async close() {
                // Two test files dropping their schemas at once can deadlock on PostgreSQL's
                // catalog (40P01): PostgreSQL aborts one drop, which is simply tried again.
                for (let attempt = 1; ; attempt++) {
                  try {
                    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db.db);
                    break;
                  } catch (err) {
                    if ((err as { code?: string }).code !== '40P01' || attempt >= 3) throw err;
                  }
                }
                await db.close();
              },
            };
          },
        },
      ]
    : []),
];
