import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import {
  countedRows,
  countSlice,
  purgeSlice,
  resetForRecount,
} from '../../db/repositories/analytics-rollup.ts';

/*
 * Keeps the analytics' running totals caught up with the choice log (docs/analytics.md): at start
 * (recounting when the log changed outside the decision path), every few seconds, and before an
 * analytics read; and removes raw decisions older than LOG_RETENTION_DAYS. All of it runs in small
 * slices with a pause between them, so no request waits behind it for long.
 */

/**
 * Log rows counted per transaction. On SQLite the work holds the event loop (~10-30 ms a slice);
 * on PostgreSQL it is the database's, and a larger slice saves round trips.
 */
const SLICE_ROWS = { sqlite: 500, postgres: 2000 };
/** How often the totals are caught up in the background. */
const CATCH_UP_EVERY_MS = 5000;
/** How often old raw decisions are removed (when LOG_RETENTION_DAYS is set). */
const PURGE_EVERY_MS = 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The analytics' running totals (services/analytics/rollup.ts). */
    rollup: Rollup;
  }
}

/** The running totals' upkeep of one app. */
export interface Rollup {
  /** Counts every log row not yet counted; concurrent calls share one run. */
  catchUp(): Promise<void>;
  /** Removes raw decisions older than the retention (their totals stay); answers how many went. */
  purge(): Promise<number>;
}

/**
 * Runs slices of work until one answers 0. On SQLite it pauses after each slice as long as the
 * slice took, so the event loop is free at least half the time and a request waits at most one
 * slice; on PostgreSQL the work is the database's and a short pause lets requests in.
 */
async function inSlices(
  slice: () => Promise<number>,
  stop: () => boolean,
  blocking: boolean,
): Promise<number> {
  let total = 0;
  while (!stop()) {
    const started = performance.now();
    const n = await slice();
    if (n === 0) break;
    total += n;
    await sleep(blocking ? Math.max(1, Math.round(performance.now() - started)) : 1);
  }
  return total;
}

/** Registers the totals' upkeep: checked at start, then kept up on timers until the app closes. */
export async function registerRollup(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const postgres = app.dialect === 'postgres';
  const rows = SLICE_ROWS[app.dialect];
  let closed = false;
  let running: Promise<void> | null = null;

  const catchUp = () => {
    running ??= (async () => {
      try {
        await inSlices(
          () => countSlice(db, rows, postgres),
          () => closed,
          !postgres,
        );
      } finally {
        running = null;
      }
    })();
    return running;
  };

  const purge = async () => {
    const days = app.config.logRetentionDays;
    if (days <= 0) return 0;
    await catchUp(); // only counted rows go
    // Whole UTC days go, so a day's totals are either all from raw rows or all kept.
    const before = Math.floor(Date.now() / 86_400_000) - days;
    return inSlices(
      () => purgeSlice(db, before, rows),
      () => closed,
      !postgres,
    );
  };

  // Rows removed or reset outside the decision path (a restore, another tool) leave the totals
  // counting rows that are gone: count the log again. Rows added that way are simply uncounted.
  const { recorded, actual } = await countedRows(db, postgres);
  if (recorded !== actual) {
    app.log.warn(
      { recorded, actual },
      'analytics: the choice log changed outside the game; counting it again',
    );
    await resetForRecount(db);
  }

  const background = (work: () => Promise<unknown>, what: string) => () => {
    work().catch((err) => {
      if (!closed) app.log.error({ err }, `analytics: ${what} failed`);
    });
  };
  const catchUpTimer = setInterval(background(catchUp, 'catch-up'), CATCH_UP_EVERY_MS);
  const purgeTimer = setInterval(background(purge, 'retention'), PURGE_EVERY_MS);
  catchUpTimer.unref();
  purgeTimer.unref();
  app.decorate('rollup', { catchUp, purge });
  app.addHook('onReady', async () => {
    background(catchUp, 'catch-up')();
    if (app.config.logRetentionDays > 0) background(purge, 'retention')();
  });
  app.addHook('preClose', async () => {
    closed = true;
    clearInterval(catchUpTimer);
    clearInterval(purgeTimer);
    await running;
  });
}
