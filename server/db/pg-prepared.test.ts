import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';

const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('prepared statements on PostgreSQL', () => {
  it('runs a repeated statement as a named prepared statement on its connection', async () => {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const d = await openDatabase({ databaseUrl: url, pgSchema: schema, pgPoolSize: 1 });
    try {
      const read = () =>
        d.db
          .selectNoFrom((eb) => eb.val('hat').as('word'))
          .where(sql<boolean>`${1} = 1`)
          .execute();
      for (let i = 0; i < 3; i++) expect(await read()).toEqual([{ word: 'hat' }]);
      const compiled = d.db
        .selectNoFrom((eb) => eb.val('hat').as('word'))
        .where(sql<boolean>`${1} = 1`)
        .compile().sql;
      const { rows } = await sql<{
        name: string;
        statement: string;
      }>`select name, statement from pg_prepared_statements`.execute(d.db);
      expect(rows.find((r) => r.statement === compiled)?.name).toMatch(/^seo_\d+$/);
      // A statement seen once is not prepared (one-off texts never pile up on the server).
      await d.db.selectNoFrom((eb) => eb.val('once').as('x')).execute();
      const after = await sql<{
        n: number;
      }>`select count(*)::int as n from pg_prepared_statements`.execute(d.db);
      expect(after.rows[0]?.n).toBe(rows.length);
    } finally {
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(d.db);
      await d.close();
    }
  });
});
