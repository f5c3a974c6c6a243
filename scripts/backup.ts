import { backupSqlite } from '../server/ops/sqlite-backup.ts';
import { runSqliteCommand } from '../server/ops/sqlite-command.ts';

/** `npm run backup -- FILE`: copies the live SQLite database to FILE while the server keeps running. */
export function runBackup(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return runSqliteCommand(
    {
      name: 'backup',
      usage: 'usage: npm run backup -- FILE   (online backup of the SQLite database in DATA_DIR)',
      verb: 'back up',
      past: 'backed up',
      from: 'database',
      run: (database, file) => backupSqlite(database, file),
    },
    args,
    env,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runBackup(process.argv.slice(2), process.env);
}
