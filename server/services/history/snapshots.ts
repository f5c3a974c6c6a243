import type { Kysely } from 'kysely';
import { FOOTER_PAGE_SLUGS } from '../../../core/api/admin-world-site.ts';
import type { HistoryKind } from '../../../core/api/history.ts';
import type { SceneSnapshot } from '../../../core/history/diff.ts';
import type { RowTable } from '../../db/repositories/content-rows.ts';
import * as rows from '../../db/repositories/content-rows.ts';
import type { Database } from '../../db/schema/database.ts';
import * as site from '../site-settings.ts';

type Db = Kysely<Database>;

/*
 * What history keeps of each kind of item (docs/history.md): the item as a snapshot, read inside
 * the transaction that changes it, and what lists call it. Reading only: writing a snapshot back
 * is tracked.ts's.
 */

export const SCENES: RowTable = { table: 'scenarios', key: 'id', json: ['stats_config'] };
export const OPTIONS: RowTable = {
  table: 'scenario_choices',
  key: 'id',
  json: ['stats_changes', 'required_stats', 'required_items', 'special_effects'],
};

/** The tables of the world kinds that keep history, with the column lists name them by. */
const WORLD_TABLES = {
  randomEvent: { table: 'random_events', title: 'title' },
  sponsor: { table: 'sponsors', title: 'name' },
  news: { table: 'news_items', title: 'content' },
  advertisement: { table: 'advertisements', title: 'title' },
  consultant: { table: 'consultant_submissions', title: 'name' },
} as const;
export type WorldHistoryKind = keyof typeof WORLD_TABLES;

export const worldTable = (kind: WorldHistoryKind): RowTable => ({
  table: WORLD_TABLES[kind].table,
  key: 'id',
  json: [],
});

/** A scene with its options in their order. */
async function readScene(db: Db, id: string): Promise<SceneSnapshot | null> {
  const scene = await rows.getRow(db, SCENES, id);
  if (!scene) return null;
  const options = await rows.listRows(db, OPTIONS, {
    where: ['scenario_id', id],
    orderBy: [['position', 'asc']],
  });
  return { scene, options };
}

/** The website's documents that keep history, by id ('settings/seo', 'pages/about'). */
const DOCUMENT_READS: Record<string, (db: Db) => Promise<unknown>> = {
  'settings/seo': site.getSeoSettings,
  'settings/fonts': site.getFontSettings,
  'pages/home': async (db) => (await site.readPage(db, 'home')).content,
  ...Object.fromEntries(
    FOOTER_PAGE_SLUGS.map((slug) => [
      `pages/${slug}`,
      async (db: Db) => (await site.readPage(db, slug)).content,
    ]),
  ),
};

/** True for the id of a document that keeps history ('settings/seo', 'pages/about'). */
export const isDocumentId = (id: string) => id in DOCUMENT_READS;

/** The item as history keeps it, or null when it does not exist. */
export async function readSnapshot(db: Db, kind: HistoryKind, id: string): Promise<unknown | null> {
  if (kind === 'scene') return readScene(db, id);
  if (kind === 'document') return isDocumentId(id) ? DOCUMENT_READS[id]!(db) : null;
  return rows.getRow(db, worldTable(kind), id);
}

/** What lists call an item kept as `snapshot`. */
export function labelOf(kind: HistoryKind, snapshot: unknown, id: string): string {
  if (kind === 'scene') return String((snapshot as SceneSnapshot).scene?.title ?? id);
  if (kind === 'document') return id;
  return String((snapshot as Record<string, unknown>)[WORLD_TABLES[kind].title] ?? id);
}
