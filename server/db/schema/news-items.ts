import type { Bool, Timestamp } from './columns.ts';

/** Table news_items: the ticker. */
export interface NewsItemsTable {
  id: string;
  content: string;
  link: string | null;
  active: Bool;
  created_at: Timestamp;
}
