import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SQLITE_FILE_NAME } from '../../server/config.ts';
import { readContent } from '../../server/content/content-files.ts';
import { loadContent } from '../../server/content/load-content.ts';
import { openDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { fillChoiceLog } from '../../test/server/fill-log.ts';
import { storyOf } from './growth.ts';
import { record } from './summary.ts';

/** The goal: backup and restore of a small database each within a few seconds (docs/operations.md). */
const GOAL_SECONDS = 5;

/** Seconds `npm run NAME -- FILE` takes with DATA_DIR set, as an operator runs it. */
function timed(root: string, name: 'backup' | 'restore', file: string, dataDir: string): number {
  const start = performance.now();
  execFileSync('npm', ['run', '-s', name, '--', file], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, AUTH_SECRET: '' },
    stdio: 'ignore',
  });
  return (performance.now() - start) / 1000;
}

/**
 * `npm run backup` of a small database (the demo story and 3,000 logged choices of 300
 * players, a few MB) while nothing else runs on it, then `npm run restore` of that file into an
 * empty data folder: each figure beside its goal.
 */
export async function run(context: { root?: string } = {}): Promise<void> {
  const root = context.root ?? path.resolve(import.meta.dirname, '../..');
  const work = mkdtempSync(path.join(tmpdir(), 'seo-adv-bench-backup-'));
  try {
    const live = path.join(work, 'live');
    const db = await openDatabase({ sqliteFile: path.join(live, SQLITE_FILE_NAME) });
    await migrateToLatest(db.db, db.schema);
    await loadContent(db.db, await readContent());
    const scenes = await storyOf(db);
    await fillChoiceLog(db.db, { rows: 3_000, players: 300, days: 30, scenes, seed: 7 });
    await db.close();
    const mb = statSync(path.join(live, SQLITE_FILE_NAME)).size / 1e6;
    const file = path.join(work, 'backup.db');
    const backup = timed(root, 'backup', file, live);
    const restore = timed(root, 'restore', file, path.join(work, 'new-machine'));
    const shown = `${backup.toFixed(1)} s / ${restore.toFixed(1)} s`;
    console.log(
      `  backup / restore of a ${mb.toFixed(1)} MB database: ${shown} (goal ${GOAL_SECONDS} s each)`,
    );
    record(
      `npm run backup / restore of a ${mb.toFixed(0)} MB database`,
      shown,
      `≤ ${GOAL_SECONDS} s each`,
      backup <= GOAL_SECONDS && restore <= GOAL_SECONDS,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
