import path from 'node:path';
import { authSecretOf, backupSqlite } from '../server/ops/sqlite-backup.ts';
import { runSqliteCommand } from '../server/ops/sqlite-command.ts';

/**
 * `npm run backup -- FILE`: copies the live SQLite database to FILE while the server keeps
 * running, with the auth secret its sessions are signed with (docs/operations.md "Backup and restore").
 */
export function runBackup(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return runSqliteCommand(
    {
      name: 'backup',
      usage: 'usage: npm run backup -- FILE   (online backup of the SQLite database in DATA_DIR)',
      verb: 'back up',
      past: 'backed up',
      from: 'database',
      run: (database, file) =>
        backupSqlite(database, file, authSecretOf(env, path.dirname(database))),
      notes: (report) => [
        report.authSecret
          ? 'the auth secret is in the backup too: keep the file private (it signs every session)'
          : 'WARNING: no auth secret found (no AUTH_SECRET, no DATA_DIR/auth-secret): after a restore every player and guest must sign in again',
      ],
    },
    args,
    env,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runBackup(process.argv.slice(2), process.env);
}
