import { setRole } from '../server/auth/roles.ts';
import { ConfigError, loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { publishSessionsFlush } from '../server/live/bus.ts';

const USAGE = 'usage: npm run admin -- promote EMAIL | demote EMAIL | list';

/**
 * `npm run admin -- promote|demote EMAIL`: changes a user's role on the user row; `list` shows the
 * admins. Promoting here, on the server, is how an account becomes an admin: whoever can run this
 * command owns the server, so the account is proven theirs (docs/security.md).
 */
async function run(args: string[]): Promise<number> {
  const [command, rawEmail] = args;
  if (!command || !['promote', 'demote', 'list'].includes(command)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: config.sqliteFile,
  });
  try {
    await migrateToLatest(database.db, database.schema);
    if (command === 'list') {
      const admins = await database.db
        .selectFrom('user')
        .select(['email', 'name'])
        .where('role', '=', 'admin')
        .execute();
      for (const a of admins) console.log(`${a.email}\t${a.name}`);
      if (admins.length === 0) console.log('no admins yet');
      return 0;
    }
    const email = rawEmail?.trim().toLowerCase();
    if (!email) {
      console.error(USAGE);
      return 2;
    }
    const role = command === 'promote' ? 'admin' : 'player';
    if (!(await setRole(database.db, email, role))) {
      console.error(`No account with the e-mail ${email}. Register it first at /auth.`);
      return 1;
    }
    // Running servers hear of it (PostgreSQL): a demoted admin's class streams close at once.
    await publishSessionsFlush(database.db);
    console.log(`${email} is now ${role === 'admin' ? 'an admin' : 'a player'}.`);
    return 0;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await run(process.argv.slice(2));
} catch (err) {
  console.error(`admin: ${err instanceof ConfigError ? err.message : (err as Error).message}`);
  process.exitCode = 1;
}
