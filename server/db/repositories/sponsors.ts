import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../schema/database.ts';
import { now } from './values.ts';

export interface Sponsor {
  id: string;
  name: string;
  url: string | null;
  imageUrl: string | null;
  createdAt: string;
}

/** Sponsors, newest first (spec §7). */
export async function listSponsors(db: Kysely<Database>): Promise<Sponsor[]> {
  const rows = await db
    .selectFrom('sponsors')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    url: r.url,
    imageUrl: r.image_url,
    createdAt: r.created_at,
  }));
}

/** Creates a sponsor and returns it. */
export async function createSponsor(
  db: Kysely<Database>,
  input: { name: string; url?: string | null; imageUrl?: string | null },
): Promise<Sponsor> {
  const row = {
    id: randomUUID(),
    name: input.name.trim(),
    url: input.url ?? null,
    image_url: input.imageUrl ?? null,
    created_at: now(),
  };
  await db.insertInto('sponsors').values(row).execute();
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    imageUrl: row.image_url,
    createdAt: row.created_at,
  };
}

/** Updates a sponsor; false when the id does not exist. */
export async function updateSponsor(
  db: Kysely<Database>,
  id: string,
  input: { name: string; url?: string | null; imageUrl?: string | null },
): Promise<boolean> {
  const r = await db
    .updateTable('sponsors')
    .set({ name: input.name.trim(), url: input.url ?? null, image_url: input.imageUrl ?? null })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Deletes a sponsor; false when it did not exist. */
export async function deleteSponsor(db: Kysely<Database>, id: string): Promise<boolean> {
  const r = await db.deleteFrom('sponsors').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
