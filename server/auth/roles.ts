import type { Kysely } from 'kysely';
import type { Database } from '../db/schema/database.ts';

export type Role = 'admin' | 'player';

/**
 * Sets the role of the account with this e-mail; false when there is none. The only way an account
 * becomes an admin (`npm run admin -- promote EMAIL`, run by whoever runs the server): an address
 * in a list proves nothing, since anyone could register it first (docs/security.md). Sessions read
 * the role from the user row on every admin request, so the change applies at once.
 */
export async function setRole(db: Kysely<Database>, email: string, role: Role): Promise<boolean> {
  const result = await db
    .updateTable('user')
    .set({ role })
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
