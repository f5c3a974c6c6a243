import { expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import { sqliteHandleOf } from './sqlite-handle.ts';

it('SQLite: a query text gets its compiled statement back, a batch of hundreds of rows does not', async () => {
  const d = await openDatabase({ sqliteFile: ':memory:' });
  try {
    const sqlite = sqliteHandleOf(d.db)!.sqlite;
    sqlite.exec('create table t (a text, b text)');
    const short = 'select a, b from t where a = ?';
    expect(sqlite.prepare(short)).toBe(sqlite.prepare(short));
    // 500 rows of 2 values (over 4,000 characters), as an import's or a restore's batch insert.
    const batch = `insert into t (a, b) values ${Array(500).fill('(?, ?)').join(', ')}`;
    const first = sqlite.prepare(batch);
    expect(sqlite.prepare(batch)).not.toBe(first);
    first.run(...Array.from({ length: 1000 }, (_, i) => String(i)));
    expect(sqlite.prepare('select count(*) as n from t').get()).toEqual({ n: 500 });
  } finally {
    await d.close();
  }
});
