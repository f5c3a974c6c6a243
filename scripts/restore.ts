import path from 'node:path';
import { placeAuthSecret, restoreSqlite } from '../server/ops/sqlite-backup.ts';
import { runSqliteCommand } from '../server/ops/sqlite-command.ts';

/**
 * `npm run restore -- FILE`: checks the backup FILE and puts it in place of the stopped server's
 * database, and its auth secret in DATA_DIR/auth-secret (docs/operations.md "Backup and restore").
 */
export function runRestore(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return runSqliteCommand(
    {
      name: 'restore',
      usage:
        'usage: npm run restore -- FILE   (replaces the SQLite database in DATA_DIR; stop the server first)',
      verb: 'restore',
      past: 'restored',
      from: 'file',
      run: (database, file) => {
        const report = restoreSqlite(file, database);
        return {
          ...report,
          secret: placeAuthSecret(path.dirname(database), report.authSecret, env),
        };
      },
      notes: (report) => [
        ...(report.previous ? [`the database it replaced is kept as ${report.previous}`] : []),
        ...report.secret,
      ],
    },
    args,
    env,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runRestore(process.argv.slice(2), process.env);
}
