import type { Kysely, Selectable } from 'kysely';
import type { AdvertisementsTable } from '../schema/advertisements.ts';
import type { Database } from '../schema/database.ts';
import { bool } from './values.ts';

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
  ctaText: r.cta_text || 'Learn More',
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
