import type { JsonText, Timestamp } from './columns.ts';

/** Table pages: editable page content by slug ('home', 'about', ...). content is a JSON string. */
export interface PagesTable {
  slug: string;
  title: string;
  content: JsonText;
  updated_at: Timestamp;
}
