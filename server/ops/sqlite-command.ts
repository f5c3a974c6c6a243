import path from 'node:path';
import { type BackupReport, OpsError, sqliteFileFromEnv } from './sqlite-backup.ts';

/** `npm run backup` or `npm run restore`: one FILE, copied from or to the database in DATA_DIR. */
export interface SqliteCommand<R extends BackupReport> {
  name: 'backup' | 'restore';
  usage: string;
  /** What it does to the database, for the error of a missing one: 'back up', 'restore'. */
  verb: 'back up' | 'restore';
  /** What it did, for the report: 'backed up', 'restored'. */
  past: string;
  /** Which side the copy is read from. */
  from: 'database' | 'file';
  run(database: string, file: string, env: NodeJS.ProcessEnv): R | Promise<R>;
  /** Last report lines, when there is more to say (`database` is the SQLite file in DATA_DIR). */
  notes?(report: R, database: string, env: NodeJS.ProcessEnv): string[];
}

/**
 * Runs a backup or restore command line: usage error 2, a refused copy (OpsError) 1 with its
 * message, else the report (what went where, bytes, row counts) and 0.
 */
export async function runSqliteCommand<R extends BackupReport>(
  cmd: SqliteCommand<R>,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<number> {
  const [arg] = args;
  if (!arg || args.length !== 1 || arg.startsWith('-')) {
    console.error(cmd.usage);
    return 2;
  }
  try {
    const database = sqliteFileFromEnv(env, cmd.verb);
    // npm runs scripts from the package folder; a relative FILE means the caller's folder.
    const file = path.resolve(env.INIT_CWD ?? process.cwd(), arg);
    const report = await cmd.run(database, file, env);
    const source = cmd.from === 'database' ? database : file;
    const counts = Object.entries(report.counts).map(([t, n]) => `${t} ${n}`);
    console.log(`${cmd.past} ${source} to ${report.file} (${report.bytes} bytes, integrity ok)`);
    console.log(`rows: ${counts.join(', ')}`);
    for (const note of cmd.notes?.(report, database, env) ?? []) {
      if (note.startsWith('WARNING')) console.error(note);
      else console.log(note);
    }
    return 0;
  } catch (err) {
    if (!(err instanceof OpsError)) throw err;
    console.error(`${cmd.name}: ${err.message}`);
    return 1;
  }
}
