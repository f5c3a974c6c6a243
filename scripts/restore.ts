import path from 'node:path';
import { OpsError, restoreSqlite, sqliteFileFromEnv } from '../server/ops/sqlite-backup.ts';

const USAGE =
  'usage: npm run restore -- FILE   (replaces the SQLite database in DATA_DIR; stop the server first)';

/** `npm run restore -- FILE`: checks the backup FILE and puts it in place of the stopped server's database. */
export function runRestore(args: string[], env: NodeJS.ProcessEnv): number {
  const [file] = args;
  if (!file || args.length !== 1 || file.startsWith('-')) {
    console.error(USAGE);
    return 2;
  }
  try {
    const target = sqliteFileFromEnv(env, 'restore');
    const source = path.resolve(env.INIT_CWD ?? process.cwd(), file);
    const report = restoreSqlite(source, target);
    const counts = Object.entries(report.counts).map(([t, n]) => `${t} ${n}`);
    console.log(`restored ${source} to ${report.file} (${report.bytes} bytes, integrity ok)`);
    console.log(`rows: ${counts.join(', ')}`);
    if (report.previous) console.log(`the database it replaced is kept as ${report.previous}`);
    return 0;
  } catch (err) {
    if (!(err instanceof OpsError)) throw err;
    console.error(`restore: ${err.message}`);
    return 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = runRestore(process.argv.slice(2), process.env);
}
