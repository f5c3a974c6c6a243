import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/server/databases.ts';
import type { Db } from '../database.ts';
import { migrateToLatest } from '../migrate.ts';
import { down, up } from './009-drop-player-pending.ts';

async function playerColumns(d: Db): Promise<string[]> {
  const tables = await d.db.introspection.getTables();
  // PostgreSQL: this test's own schema (others, and public, may be older).
  const own = tables.find((t) => t.name === 'players' && (!d.schema || t.schema === d.schema));
  return own?.columns.map((c) => c.name) ?? [];
}

describe.each(testEngines)('migration 009 on $name', (engine) => {
  let d: Db;
  beforeAll(async () => {
    d = await engine.open();
    await migrateToLatest(d.db, d.schema);
  });
  afterAll(async () => {
    await d.close();
  });

  it('drops players.pending, and down puts it back', async () => {
    expect(await playerColumns(d)).toContain('current_scene_id');
    expect(await playerColumns(d)).not.toContain('pending');
    await down(d.db);
    expect(await playerColumns(d)).toContain('pending');
    await up(d.db);
    expect(await playerColumns(d)).not.toContain('pending');
  });
});
