import type { Kysely } from 'kysely';
import type { Database } from '../schema/database.ts';
import { json, now } from './values.ts';

export interface Page<T = Record<string, unknown>> {
  slug: string;
  title: string;
  content: T;
  updatedAt: string;
}

/** A page by slug with its parsed content, or null. */
export async function getPage<T = Record<string, unknown>>(
  db: Kysely<Database>,
  slug: string,
): Promise<Page<T> | null> {
  const row = await db.selectFrom('pages').selectAll().where('slug', '=', slug).executeTakeFirst();
  if (!row) return null;
  return {
    slug: row.slug,
    title: row.title,
    content: json<T>(row.content, {} as T),
    updatedAt: row.updated_at,
  };
}

/** Creates or replaces a page (conflict on slug, as product rules "Data" upserts 'home'). */
export async function upsertPage(
  db: Kysely<Database>,
  slug: string,
  title: string,
  content: unknown,
): Promise<void> {
  const row = { slug, title, content: JSON.stringify(content), updated_at: now() };
  await db
    .insertInto('pages')
    .values(row)
    .onConflict((oc) =>
      oc.column('slug').doUpdateSet({ title, content: row.content, updated_at: row.updated_at }),
    )
    .execute();
}
