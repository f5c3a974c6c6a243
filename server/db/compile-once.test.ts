import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../test/server/databases.ts';
import { compileOnce } from './compile-once.ts';
import type { Db } from './database.ts';
import { PassThroughPlugin } from './marker-plugin.ts';
import { migrateToLatest } from './migrate.ts';

/** Counts the queries a plugin is shown. */
class Seen extends PassThroughPlugin {
  count = 0;
  override transformQuery(args: Parameters<PassThroughPlugin['transformQuery']>[0]) {
    this.count++;
    return args.node;
  }
}

const builds = { count: 0 };
const settingsAbove = compileOnce<'key' | 'after', { key: string }>(['key', 'after'], (db, v) => {
  builds.count++;
  return db
    .selectFrom('settings')
    .select('key')
    .where('key', '>=', v.after)
    .where('key', '!=', v.key)
    .orderBy('key');
});

describe.each(testEngines)('compileOnce on $name', (engine) => {
  let d: Db;
  beforeAll(async () => {
    d = await engine.open();
    await migrateToLatest(d.db, d.schema);
    await d.db
      .insertInto('settings')
      .values(
        ['a', 'b', 'c'].map((key) => ({ key, value: '1', updated_at: new Date().toISOString() })),
      )
      .execute();
  });
  afterAll(() => d.close());

  it('builds the query once per database and puts each run’s values in their places', async () => {
    const before = builds.count;
    const seen = new Seen();
    const db = d.db.withPlugin(seen);
    expect(await settingsAbove(db, { key: 'b', after: 'a' })).toEqual([{ key: 'a' }, { key: 'c' }]);
    expect(await settingsAbove(db, { key: 'c', after: 'b' })).toEqual([{ key: 'b' }]);
    expect(builds.count - before).toBe(1);
    // Plugins still see every run.
    expect(seen.count).toBe(2);
  });
});
