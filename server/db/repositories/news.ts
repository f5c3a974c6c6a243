import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../schema/database.ts';
import type { NewsItemsTable } from '../schema/news-items.ts';
import { bool, now } from './values.ts';

export interface NewsItem {
  id: string;
  content: string;
  link: string | null;
  active: boolean;
  createdAt: string;
}

const toItem = (r: Selectable<NewsItemsTable>): NewsItem => ({
  id: r.id,
  content: r.content,
  link: r.link,
  active: bool(r.active),
  createdAt: r.created_at,
});

/** News items newest first; only active ones for the ticker. */
export async function listNews(
  db: Kysely<Database>,
  options: { activeOnly?: boolean } = {},
): Promise<NewsItem[]> {
  let q = db.selectFrom('news_items').selectAll().orderBy('created_at', 'desc').orderBy('id');
  if (options.activeOnly) q = q.where('active', '=', true);
  return (await q.execute()).map(toItem);
}

/** Adds an active news item; content is trimmed and an empty link stored as null. */
export async function addNews(
  db: Kysely<Database>,
  content: string,
  link?: string | null,
): Promise<NewsItem> {
  const row = {
    id: randomUUID(),
    content: content.trim(),
    link: link?.trim() || null,
    active: true,
    created_at: now(),
  };
  await db.insertInto('news_items').values(row).execute();
  return {
    id: row.id,
    content: row.content,
    link: row.link,
    active: true,
    createdAt: row.created_at,
  };
}

/** Updates content/link or the active flag; false when the id does not exist. */
export async function updateNews(
  db: Kysely<Database>,
  id: string,
  patch: { content?: string; link?: string | null; active?: boolean },
): Promise<boolean> {
  const set: { content?: string; link?: string | null; active?: boolean } = {};
  if (patch.content !== undefined) set.content = patch.content.trim();
  if (patch.link !== undefined) set.link = patch.link?.trim() || null;
  if (patch.active !== undefined) set.active = patch.active;
  const r = await db.updateTable('news_items').set(set).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Deletes a news item; false when it did not exist. */
export async function deleteNews(db: Kysely<Database>, id: string): Promise<boolean> {
  const r = await db.deleteFrom('news_items').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
