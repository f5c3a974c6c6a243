import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../../test/server/databases.ts';
import type { Db } from '../../db/database.ts';
import { sqliteHandleOf } from '../../db/sqlite-handle.ts';
import { walCheckpoints } from './checkpoint-in-worker.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testEngines)('write-ahead log checkpoints in a worker on $name', (engine) => {
  let db: Db;

  beforeAll(async () => {
    db = await engine.open();
  });
  afterAll(async () => {
    await db.close();
  });

  it.runIf(engine.name === 'postgres')('are nothing to do on PostgreSQL', async () => {
    const checkpoints = walCheckpoints(db.db);
    checkpoints.hold();
    expect(checkpoints.running).toBe(false);
    await checkpoints.release();
    await checkpoints.close();
  });

  it.runIf(engine.name === 'sqlite')(
    "run while held, in place of the server connection's own, and end with the last hold",
    async () => {
      const sqlite = sqliteHandleOf(db.db)?.sqlite;
      if (!sqlite) throw new Error('no SQLite handle');
      const threshold = () => sqlite.pragma('wal_autocheckpoint', { simple: true });
      expect(threshold()).toBe(10_000);
      const checkpoints = walCheckpoints(db.db);
      try {
        checkpoints.hold();
        checkpoints.hold();
        expect(checkpoints.running).toBe(true);
        // The server's connection leaves checkpoints to the worker (a backstop twice its own).
        expect(threshold()).toBe(20_000);

        // Pages written by the server's connection are copied into the file by the worker.
        sqlite.exec('create table scratch (x blob)');
        const insert = sqlite.prepare('insert into scratch (x) values (randomblob(4000))');
        for (let i = 0; i < 500; i++) insert.run();
        const copied = () => checkpoints.last?.checkpointed ?? 0;
        for (let i = 0; i < 600 && copied() < 500; i++) await pause(50);
        expect(copied()).toBeGreaterThanOrEqual(500);
        expect(checkpoints.done).toBeGreaterThan(0);

        await checkpoints.release();
        expect(checkpoints.running).toBe(true); // one hold left
        await checkpoints.release();
        expect(checkpoints.running).toBe(false);
        expect(threshold()).toBe(10_000);

        // Closed (the app closes), a hold starts nothing.
        await checkpoints.close();
        checkpoints.hold();
        expect(checkpoints.running).toBe(false);
        expect(threshold()).toBe(10_000);
      } finally {
        await checkpoints.close();
      }
    },
    60_000,
  );
});
