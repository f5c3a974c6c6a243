import type { Kysely } from 'kysely';
import type { Database } from '../db/schema/database.ts';

/**
 * Sessions that have not expired. When a start generates a new auth secret while there are some,
 * they were signed with another secret (a database restored without its DATA_DIR/auth-secret, or
 * AUTH_SECRET dropped): every one of those players and guests is signed out, guests for good.
 */
export async function countLiveSessions(db: Kysely<Database>, now = new Date()): Promise<number> {
  const row = await db
    .selectFrom('session')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('expiresAt', '>', now.toISOString() as never)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The warning main.ts logs at start when a new secret meets live sessions (undefined: none). */
export function orphanedSessionsWarning(
  created: boolean | undefined,
  live: number,
): string | undefined {
  if (!created || live === 0) return undefined;
  return `A new auth secret was generated in DATA_DIR/auth-secret, but the database holds ${live} live sessions signed with another secret: those players and guests are signed out (guests cannot get their games back). If this database was restored, stop the server and restore it with npm run restore from a backup made by this version (it carries the secret), or put the old auth-secret file back, or set AUTH_SECRET to the old value.`;
}
