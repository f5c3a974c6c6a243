import type { FastifyInstance } from 'fastify';
import type { CountingProgress } from '../../../core/api/analytics.ts';
import {
  backlogSize,
  countedRows,
  purgeSlice,
  resetForRecount,
  tidyTotals,
} from '../../db/repositories/analytics-rollup.ts';
import { countSlice } from '../../db/repositories/analytics-slice.ts';
import { type WalCheckpoints, walCheckpoints } from '../background/checkpoint-in-worker.ts';
import { type Pacer, pacer } from '../background/pacer.ts';
import { type AnalyticsReads, analyticsReads } from './read-in-worker.ts';

/*
 * Keeps the analytics' running totals caught up with the choice log (docs/analytics.md): at start
 * (recounting when the log changed outside the decision path), every few seconds, and when an
 * analytics read finds nothing being counted; and removes raw decisions older than
 * LOG_RETENTION_DAYS. All of it runs in slices paced by ./pacer.ts, which yields to requests, so
 * no player waits behind it; a read never waits for a backlog: it is told how far the count is.
 */

/** How often the totals are caught up in the background. */
const CATCH_UP_EVERY_MS = 5000;
/** Rows still to count from which a read says 'still counting' (fewer: counted within seconds). */
const BACKLOG_SHOWN = 10_000;
/**
 * PostgreSQL: rows of a backlog counted between two tidies of the running totals (tidyTotals:
 * their dead versions gone, their statistics fresh), so the admin's reads during the count stay
 * as quick as after it. ~20 tidies over a year of play, tens of ms each.
 */
const TIDY_EVERY_ROWS = 50_000;
/** How often old raw decisions are removed (when LOG_RETENTION_DAYS is set). */
const PURGE_EVERY_MS = 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The analytics' running totals (services/analytics/rollup.ts). */
    rollup: Rollup;
    /** Where the analytics reads run (services/analytics/read-in-worker.ts). */
    analyticsReads: AnalyticsReads;
  }
}

/** The running totals' upkeep of one app. */
interface Rollup {
  /** Counts every log row not yet counted; concurrent calls share one run. */
  catchUp(): Promise<void>;
  /**
   * For an analytics read: while a backlog is being counted, how far it is, at once; otherwise
   * the few rows logged since the last catch-up are counted first (one slice at most: when it
   * finds more, the rest is a backlog counted in the background) and null answers 'all counted'.
   */
  forRead(): Promise<CountingProgress | null>;
  /** Removes raw decisions older than the retention (their totals stay); answers how many went. */
  purge(): Promise<number>;
  /** How far the backlog being counted is; null when no backlog is being counted. */
  progress(): CountingProgress | null;
  /** Reads that waited for a slice (those that found no backlog being counted). */
  readonly readWaits: number;
  /** The write-ahead log's checkpoints in a worker while a backlog is counted (SQLite file). */
  readonly checkpoints: WalCheckpoints;
}

/** A backlog's progress: rows counted in this run, of the rows there were to count. */
interface Backlog {
  counted: number;
  total: number;
}

const progressOf = ({ counted, total }: Backlog): CountingProgress => ({
  counted,
  total,
  percent: Math.min(99, Math.floor((counted / Math.max(total, 1)) * 100)),
});

/** Registers the totals' upkeep: checked at start, then kept up on timers until the app closes. */
export async function registerRollup(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const postgres = app.dialect === 'postgres';
  const counting: Pacer = pacer(app.dialect);
  let closed = false;
  let running: Promise<void> | null = null;
  /** Set while a run counts more than one slice. */
  let backlog: Backlog | null = null;
  /** Resolves when the current run's first slice is done. */
  let firstSlice: Promise<void> = Promise.resolve();
  let readWaits = 0;
  // A backlog's slices write the log's pages fast: its checkpoints are done off the event loop.
  const checkpoints = walCheckpoints(db);

  const catchUp = () => {
    if (running) return running;
    let firstDone: () => void = () => {};
    firstSlice = new Promise<void>((resolve) => {
      firstDone = resolve;
    });
    running = (async () => {
      try {
        let first = true;
        /** Rows of the backlog counted at its last tidy. */
        let tidied = 0;
        await counting.run(
          (rows, held) => countSlice(db, rows, postgres, held),
          () => closed,
          async (n, asked) => {
            if (first && n === asked) {
              // More than one slice: counted in the background; a backlog (a restored log, an
              // upgrade) is shown as such, a burst of play is simply counted a moment later.
              const total = n + (await backlogSize(db, postgres));
              if (total >= BACKLOG_SHOWN) {
                backlog = { counted: 0, total };
                checkpoints.hold();
              }
            }
            first = false;
            if (backlog) {
              backlog.counted += n;
              backlog.total = Math.max(backlog.total, backlog.counted);
              if (postgres && backlog.counted - tidied >= TIDY_EVERY_ROWS) {
                tidied = backlog.counted;
                await tidyTotals(db).catch((err) => {
                  if (!closed) app.log.warn({ err }, 'analytics: tidying the totals failed');
                });
              }
            }
            firstDone();
          },
        );
      } finally {
        if (backlog) await checkpoints.release();
        backlog = null;
        running = null;
        firstDone();
      }
    })();
    return running;
  };

  const forRead = async () => {
    if (backlog) return progressOf(backlog);
    readWaits++;
    const run = catchUp();
    await Promise.race([run, firstSlice]);
    return backlog ? progressOf(backlog) : null;
  };

  const purge = async () => {
    const days = app.config.logRetentionDays;
    if (days <= 0) return 0;
    await catchUp(); // only counted rows go
    // Whole UTC days go, so a day's totals are either all from raw rows or all kept.
    const before = Math.floor(Date.now() / 86_400_000) - days;
    let removed = 0;
    await pacer(app.dialect).run(
      (rows) => purgeSlice(db, before, rows),
      () => closed,
      async (n) => {
        removed += n;
      },
    );
    return removed;
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
  app.decorate('rollup', {
    catchUp,
    forRead,
    purge,
    progress: () => (backlog ? progressOf(backlog) : null),
    get readWaits() {
      return readWaits;
    },
    checkpoints,
  });
  const reads = analyticsReads(db);
  app.decorate('analyticsReads', reads);
  app.addHook('onClose', async () => {
    await Promise.all([reads.close(), checkpoints.close()]);
  });
  app.addHook('onReady', async () => {
    background(catchUp, 'catch-up')();
    if (app.config.logRetentionDays > 0) background(purge, 'retention')();
  });
  app.addHook('preClose', async () => {
    closed = true;
    clearInterval(catchUpTimer);
    clearInterval(purgeTimer);
    // A run in progress ends first; its failure (the database closed under it) was the
    // background's to report, not a reason for close to fail.
    await running?.catch(() => undefined);
  });
}
