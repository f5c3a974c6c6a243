import type { Kysely } from 'kysely';
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

/** Approved and featured consultants, featured first, then newest (spec §4 public directory). */
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
