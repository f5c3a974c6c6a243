import type { Timestamp } from './columns.ts';

/** Table sponsors. */
export interface SponsorsTable {
  id: string;
  name: string;
  url: string | null;
  image_url: string | null;
  created_at: Timestamp;
}
