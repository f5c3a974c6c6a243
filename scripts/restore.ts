import { restoreSqlite } from '../server/ops/sqlite-backup.ts';
import { runSqliteCommand } from '../server/ops/sqlite-command.ts';

/** `npm run restore -- FILE`: checks the backup FILE and puts it in place of the stopped server's database. */
export function runRestore(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return runSqliteCommand(
    {
      name: 'restore',
      usage:
        'usage: npm run restore -- FILE   (replaces the SQLite database in DATA_DIR; stop the server first)',
      verb: 'restore',
      past: 'restored',
      from: 'file',
      run: (database, file) => restoreSqlite(file, database),
      note: (report) =>
        report.previous ? `the database it replaced is kept as ${report.previous}` : undefined,
    },
    args,
    env,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runRestore(process.argv.slice(2), process.env);
}
