import path from 'node:path';
import { backupSqlite, OpsError, sqliteFileFromEnv } from '../server/ops/sqlite-backup.ts';

const USAGE = 'usage: npm run backup -- FILE   (online backup of the SQLite database in DATA_DIR)';

/** `npm run backup -- FILE`: copies the live SQLite database to FILE while the server keeps running. */
export async function runBackup(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const [file] = args;
  if (!file || args.length !== 1 || file.startsWith('-')) {
    console.error(USAGE);
    return 2;
  }
  try {
    const source = sqliteFileFromEnv(env, 'back up');
    // npm runs scripts from the package folder; a relative FILE means the caller's folder.
    const dest = path.resolve(env.INIT_CWD ?? process.cwd(), file);
    const report = await backupSqlite(source, dest);
    const counts = Object.entries(report.counts).map(([t, n]) => `${t} ${n}`);
    console.log(`backed up ${source} to ${report.file} (${report.bytes} bytes, integrity ok)`);
    console.log(`rows: ${counts.join(', ')}`);
    return 0;
  } catch (err) {
    if (!(err instanceof OpsError)) throw err;
    console.error(`backup: ${err.message}`);
    return 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runBackup(process.argv.slice(2), process.env);
}
