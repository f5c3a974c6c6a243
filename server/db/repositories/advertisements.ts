import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { DEFAULT_AD_CTA } from '../../../core/game/cadence.ts';
import type { AdvertisementsTable } from '../schema/advertisements.ts';
import type { Database } from '../schema/database.ts';
import { bool, now } from './values.ts';

export interface Advertisement {
  id: string;
  title: string;
  description: string | null;
  imageUrl: string | null;
  ctaText: string;
  ctaLink: string | null;
  active: boolean;
  priority: number;
}

const toAd = (r: Selectable<AdvertisementsTable>): Advertisement => ({
  id: r.id,
  title: r.title,
  description: r.description,
  imageUrl: r.image_url,
  ctaText: r.cta_text || DEFAULT_AD_CTA,
  ctaLink: r.cta_link,
  active: bool(r.active),
  priority: r.priority,
});

/** Advertisements by priority, highest first (spec §7: active only for players). */
export async function listAdvertisements(
  db: Kysely<Database>,
  options: { activeOnly?: boolean } = {},
): Promise<Advertisement[]> {
  let q = db.selectFrom('advertisements').selectAll().orderBy('priority', 'desc').orderBy('id');
  if (options.activeOnly) q = q.where('active', '=', true);
  return (await q.execute()).map(toAd);
}

/** The writable fields of an advertisement. */
export type AdvertisementValues = Omit<Advertisement, 'id'>;

const toRow = (v: AdvertisementValues) => ({
  title: v.title,
  description: v.description,
  image_url: v.imageUrl,
  cta_text: v.ctaText,
  cta_link: v.ctaLink,
  active: v.active,
  priority: v.priority,
});

/** Creates an advertisement and returns it. */
export async function createAdvertisement(
  db: Kysely<Database>,
  values: AdvertisementValues,
): Promise<Advertisement> {
  const id = randomUUID();
  await db
    .insertInto('advertisements')
    .values({ id, ...toRow(values), created_at: now() })
    .execute();
  return { id, ...values };
}

/** Replaces an advertisement's fields; false when the id does not exist. */
export async function updateAdvertisement(
  db: Kysely<Database>,
  id: string,
  values: AdvertisementValues,
): Promise<boolean> {
  const r = await db
    .updateTable('advertisements')
    .set(toRow(values))
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Deletes an advertisement; false when it did not exist. */
export async function deleteAdvertisement(db: Kysely<Database>, id: string): Promise<boolean> {
  const r = await db.deleteFrom('advertisements').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
