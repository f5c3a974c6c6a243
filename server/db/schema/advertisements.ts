import type { Bool, Timestamp } from './columns.ts';

/** Table advertisements: shown every 5th scene, by priority. */
export interface AdvertisementsTable {
  id: string;
  title: string;
  description: string | null;
  image_url: string | null;
  cta_text: string;
  cta_link: string | null;
  active: Bool;
  priority: number;
  created_at: Timestamp;
}
