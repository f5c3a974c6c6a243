import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type {
  AdminConsultantView,
  PublicConsultantView,
} from '../../../core/api/admin-world-site.ts';
import { snakeRow } from '../../../core/content/columns.ts';
import {
  consultantRowSchema,
  toAdminConsultant,
  toPublicConsultant,
} from '../../../core/content/consultants.ts';
import type { Database } from '../schema/database.ts';
import { now } from './values.ts';

/** Approved and featured consultants, featured first, then newest (product rules "Play" public directory). */
export async function listPublicConsultants(db: Kysely<Database>): Promise<PublicConsultantView[]> {
  const rows = await db
    .selectFrom('consultant_submissions')
    .selectAll()
    .where('status', 'in', ['approved', 'featured'])
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toPublicConsultant).sort((a, b) => Number(b.featured) - Number(a.featured));
}

/** Sets a submission's status (pending, approved, featured) and updated_at; false when missing. */
export async function setConsultantStatus(
  db: Kysely<Database>,
  id: string,
  status: string,
): Promise<boolean> {
  const r = await db
    .updateTable('consultant_submissions')
    .set({ status, updated_at: now() })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Every submission, newest first (product rules "Data" admin select). */
export async function listAllConsultants(db: Kysely<Database>): Promise<AdminConsultantView[]> {
  const rows = await db
    .selectFrom('consultant_submissions')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toAdminConsultant);
}

/** One submission by id, or null. */
export async function getConsultant(
  db: Kysely<Database>,
  id: string,
): Promise<AdminConsultantView | null> {
  const r = await db
    .selectFrom('consultant_submissions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return r ? toAdminConsultant(r) : null;
}

/** Stores a submission (product rules "Data" insert) with the given status and returns it. */
export async function createConsultant(
  db: Kysely<Database>,
  input: Omit<AdminConsultantView, 'id' | 'createdAt' | 'updatedAt'>,
  id: string = randomUUID(),
): Promise<AdminConsultantView> {
  const at = now();
  const row = { id, ...snakeRow(input), created_at: at, updated_at: at };
  await db.insertInto('consultant_submissions').values(row).execute();
  return toAdminConsultant(row);
}

/** Stores a consultant row as given (demo content); an existing id is left as it is. */
export async function createConsultantRow(
  db: Kysely<Database>,
  input: z.input<typeof consultantRowSchema>,
  at: Date,
): Promise<void> {
  const stamp = at.toISOString();
  const row = consultantRowSchema.parse({ ...input, created_at: stamp, updated_at: stamp });
  await db
    .insertInto('consultant_submissions')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/**
 * Moves a submission from `from` to `to` only if it still has status `from` (so two admins
 * clicking at once cannot skip a state); false when it was missing or changed meanwhile.
 */
export async function transitionConsultantStatus(
  db: Kysely<Database>,
  id: string,
  from: string,
  to: string,
): Promise<boolean> {
  const r = await db
    .updateTable('consultant_submissions')
    .set({ status: to, updated_at: now() })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Deletes a submission; false when it did not exist. */
export async function deleteConsultant(db: Kysely<Database>, id: string): Promise<boolean> {
  const r = await db.deleteFrom('consultant_submissions').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
