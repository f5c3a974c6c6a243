import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import { consultantRowSchema } from '../../../core/content/consultants.ts';
import type { ConsultantSubmissionsTable } from '../schema/consultant-submissions.ts';
import type { Database } from '../schema/database.ts';
import { now } from './values.ts';

/** A consultant as the public directory shows it: never the contact e-mail. */
export interface PublicConsultant {
  id: string;
  name: string;
  company: string | null;
  specialty: string | null;
  bio: string | null;
  websiteUrl: string | null;
  imageUrl: string | null;
  featured: boolean;
}

/** Approved and featured consultants, featured first, then newest (product rules "Play" public directory). */
export async function listPublicConsultants(db: Kysely<Database>): Promise<PublicConsultant[]> {
  const rows = await db
    .selectFrom('consultant_submissions')
    .select([
      'id',
      'name',
      'company',
      'specialty',
      'bio',
      'website_url',
      'image_url',
      'status',
      'created_at',
    ])
    .where('status', 'in', ['approved', 'featured'])
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows
    .map((r) => ({
      id: r.id,
      name: r.name,
      company: r.company,
      specialty: r.specialty,
      bio: r.bio,
      websiteUrl: r.website_url,
      imageUrl: r.image_url,
      featured: r.status === 'featured',
    }))
    .sort((a, b) => Number(b.featured) - Number(a.featured));
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

/** A consultant as the admin sees it, contact e-mail and status included. */
export interface AdminConsultant {
  id: string;
  name: string;
  company: string | null;
  specialty: string | null;
  bio: string | null;
  contactEmail: string;
  websiteUrl: string | null;
  imageUrl: string | null;
  status: string;
  createdAt: string;
  updatedAt: string;
}

const toAdmin = (r: Selectable<ConsultantSubmissionsTable>): AdminConsultant => ({
  id: r.id,
  name: r.name,
  company: r.company,
  specialty: r.specialty,
  bio: r.bio,
  contactEmail: r.contact_email,
  websiteUrl: r.website_url,
  imageUrl: r.image_url,
  status: r.status,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** Every submission, newest first (product rules "Data" admin select). */
export async function listAllConsultants(db: Kysely<Database>): Promise<AdminConsultant[]> {
  const rows = await db
    .selectFrom('consultant_submissions')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toAdmin);
}

/** One submission by id, or null. */
export async function getConsultant(
  db: Kysely<Database>,
  id: string,
): Promise<AdminConsultant | null> {
  const r = await db
    .selectFrom('consultant_submissions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return r ? toAdmin(r) : null;
}

/** Stores a submission (product rules "Data" insert) with the given status and returns it. */
export async function createConsultant(
  db: Kysely<Database>,
  input: Omit<AdminConsultant, 'id' | 'createdAt' | 'updatedAt'>,
): Promise<AdminConsultant> {
  const at = now();
  const row = {
    id: randomUUID(),
    name: input.name,
    company: input.company,
    specialty: input.specialty,
    bio: input.bio,
    contact_email: input.contactEmail,
    website_url: input.websiteUrl,
    image_url: input.imageUrl,
    status: input.status,
    created_at: at,
    updated_at: at,
  };
  await db.insertInto('consultant_submissions').values(row).execute();
  return toAdmin(row);
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
