import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/server/databases.ts';
import type { Db } from '../database.ts';
import { migrateToLatest } from '../migrate.ts';
import { listGameEventIds, rememberGameEventIds } from './choice-log.ts';

describe.each(testEngines)("a guest game's events on $name", (engine) => {
  let d: Db;
  beforeAll(async () => {
    d = await engine.open();
    await migrateToLatest(d.db, d.schema);
  });
  afterAll(async () => {
    await d.close();
  });

  /** Logs choices of `player`, one second apart, with these events (null: none). */
  async function log(player: string, events: (string | null)[], from = 0) {
    await d.db
      .insertInto('choice_log')
      .values(
        events.map((eventId, i) => ({
          id: `${player}-${from + i}`,
          player_id: player,
          scene_id: 's',
          option_id: 'o',
          next_scene_id: 's',
          stats_after: '{}',
          idempotency_key: `${player}-key-${from + i}`,
          is_guest: true,
          event_id: eventId,
          created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, from + i)).toISOString(),
        })),
      )
      .execute();
  }

  it("reads the current game's events from the log: the last choiceCount choices only", async () => {
    // An earlier game showed ev-old; the current one (3 choices) showed ev-a.
    await log('guest-1', ['ev-old', null, null, null, 'ev-a', null]);
    const ids = await listGameEventIds(d.db, 'guest-1', { choiceCount: 3, version: 9 });
    expect([...ids]).toEqual(['ev-a']);
    expect(await listGameEventIds(d.db, 'guest-1', { choiceCount: 0, version: 10 })).toEqual([]);
    expect(
      [...(await listGameEventIds(d.db, 'guest-1', { choiceCount: 6, version: 11 }))].sort(),
    ).toEqual(['ev-a', 'ev-old']);
  });

  it('answers a remembered version without the log, and any other version from the log', async () => {
    await log('guest-2', [null, 'ev-b']);
    rememberGameEventIds('guest-2', 5, ['ev-b', 'ev-c']);
    expect(await listGameEventIds(d.db, 'guest-2', { choiceCount: 2, version: 5 })).toEqual([
      'ev-b',
      'ev-c',
    ]);
    // Version 6 was written elsewhere (another server): the log decides, and is then remembered.
    await log('guest-2', ['ev-d'], 2);
    const six = await listGameEventIds(d.db, 'guest-2', { choiceCount: 3, version: 6 });
    expect([...six].sort()).toEqual(['ev-b', 'ev-d']);
    await d.db.deleteFrom('choice_log').where('player_id', '=', 'guest-2').execute();
    expect(
      [...(await listGameEventIds(d.db, 'guest-2', { choiceCount: 3, version: 6 }))].sort(),
    ).toEqual(['ev-b', 'ev-d']);
  });
});
