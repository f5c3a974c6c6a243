import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/server/databases.ts';
import { fillChoiceLog, type WalkScene } from '../../../test/server/fill-log.ts';
import { playFixture } from '../../../test/server/play-fixture.ts';
import { loadContent } from '../../content/load-content.ts';
import { type Db, openDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { countSlice } from '../../db/repositories/analytics-slice.ts';
import { withSqlite } from '../../db/sqlite-handle.ts';
import { readOverview, readSceneAnalytics } from './analytics.ts';
import { type AnalyticsReads, analyticsReads } from './read-in-worker.ts';

const story: WalkScene[] = playFixture().scenes.map((s) => ({
  id: s.id,
  options: (s.options ?? []).map((o) => ({ id: o.id, next: o.next_scenario_id ?? null })),
}));
const counting = { counted: 10, total: 40, percent: 25 };

describe.each(testEngines)('analytics reads on $name', (engine) => {
  let db: Db;
  let reads: AnalyticsReads;

  beforeAll(async () => {
    db = await engine.open();
    await migrateToLatest(db.db, db.schema);
    await loadContent(db.db, playFixture());
    await fillChoiceLog(db.db, { rows: 2000, players: 60, days: 30, scenes: story, seed: 3 });
    while ((await countSlice(db.db, 5000, engine.name === 'postgres')) > 0);
    reads = analyticsReads(db.db);
  });
  afterAll(async () => {
    await reads.close();
    await db.close();
  });

  it('run in a worker thread on a SQLite file only', () => {
    expect(reads.inWorker).toBe(engine.name === 'sqlite');
  });

  it('answer the figures the server itself reads', async () => {
    const days = (await readOverview(db.db, {}, null)).perDay.map((d) => d.day);
    expect(days.length).toBeGreaterThan(10);
    for (const q of [{}, { from: days[2], to: days[days.length - 3] }]) {
      const overview = await reads.overview(q, counting);
      expect(overview).toEqual(await readOverview(db.db, q, counting));
      expect(overview.choices.guests + overview.choices.players).toBeGreaterThan(0);
      expect(await reads.scene('shop', q, null)).toEqual(
        await readSceneAnalytics(db.db, 'shop', q, null),
      );
    }
    expect(await reads.scene('no-such-scene', {}, null)).toBeNull();
  });

  it.runIf(engine.name === 'sqlite')(
    "read beside the server's connection while it is inside a write",
    async () => {
      const before = await reads.overview({}, null);
      const total = before.choices.guests + before.choices.players;
      // The server's connection opens a write and adds 1,000 decisions it has not committed: a
      // read on that connection would count them, the worker's own connection reads past them.
      await withSqlite(db.db, (sqlite) => {
        sqlite.exec('begin immediate');
        sqlite
          .prepare(
            `update analytics_days set choices = choices + 1000 where (day, is_guest) =
              (select day, is_guest from analytics_days order by day, is_guest limit 1)`,
          )
          .run();
      });
      try {
        const during = await reads.overview({}, null);
        expect(during.choices.guests + during.choices.players).toBe(total);
        const inServer = await readOverview(db.db, {}, null);
        expect(inServer.choices.guests + inServer.choices.players).toBe(total + 1000);
      } finally {
        await withSqlite(db.db, (sqlite) => sqlite.exec('rollback'));
      }
    },
  );

  it('run in the server on an in-memory SQLite database, and after close', async () => {
    const memory = await openDatabase({ sqliteFile: ':memory:' });
    try {
      expect(analyticsReads(memory.db).inWorker).toBe(false);
    } finally {
      await memory.close();
    }
    const closing = analyticsReads(db.db);
    await closing.overview({}, null);
    await closing.close();
    expect(await closing.overview({}, null)).toEqual(await readOverview(db.db, {}, null));
  });
});
