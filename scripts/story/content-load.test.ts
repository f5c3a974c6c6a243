import { afterEach, describe, expect, it } from 'vitest';
import { readContent } from '../../server/content/content-files.ts';
import { loadContent } from '../../server/content/load-content.ts';
import type { Db } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { testEngines } from '../../test/server/databases.ts';

const content = await readContent();
const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
const bool = (v: unknown) => v === true || v === 1;

// The shipped adventure, loaded the way `npm start` loads it, must read back exactly as written
// on every engine (SQLite always, PostgreSQL when TEST_DATABASE_URL is set), so both agree.
describe.each(testEngines)('the demo adventure on $name', (engine) => {
  let open: Db | undefined;
  afterEach(async () => {
    await open?.close();
    open = undefined;
  });

  it('loads every scene and option as written in content/', async () => {
    open = await engine.open();
    await migrateToLatest(open.db, open.schema);
    expect(await loadContent(open.db)).toBe(content.scenes.length);

    const scenes = await open.db.selectFrom('scenarios').selectAll().orderBy('id').execute();
    expect(
      scenes.map((s) => ({
        id: s.id,
        day: s.day,
        stats_config: parse(s.stats_config),
        flags: [bool(s.is_start), bool(s.is_end_of_day), bool(s.is_ending)],
        description: s.description,
      })),
    ).toEqual(
      [...content.scenes]
        .sort((a, b) => (a.id < b.id ? -1 : 1))
        .map((s) => ({
          id: s.id,
          day: s.day,
          stats_config: s.stats_config ?? null,
          flags: [s.is_start, s.is_end_of_day, s.is_ending],
          description: s.description,
        })),
    );

    const choices = await open.db
      .selectFrom('scenario_choices')
      .selectAll()
      .orderBy('scenario_id')
      .orderBy('position')
      .execute();
    const written = [...content.scenes]
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .flatMap((s) => s.options.map((o) => ({ ...o, scenario_id: s.id })));
    expect(
      choices.map((c) => ({
        id: c.id,
        scenario_id: c.scenario_id,
        next: c.next_scenario_id,
        changes: parse(c.stats_changes),
        stats: parse(c.required_stats),
        items: parse(c.required_items),
      })),
    ).toEqual(
      written.map((o) => ({
        id: o.id,
        scenario_id: o.scenario_id,
        next: o.next_scenario_id,
        changes: o.stats_changes,
        stats: o.required_stats ?? null,
        items: o.required_items ?? null,
      })),
    );
  });
});
