import type { JsonText, Timestamp } from './columns.ts';

/** Table revisions: one saved copy of a scene or world item (migration 012). */
export interface RevisionsTable {
  id: string;
  /** The collection: 'scene', 'randomEvent', 'sponsor', 'news', 'advertisement', 'consultant', 'page', 'setting'. */
  kind: string;
  item_id: string;
  /** 1, 2, 3... per item. */
  revision: number;
  /** 'create', 'save', 'restore', 'delete', 'undelete'. */
  action: string;
  author_id: string | null;
  author_name: string | null;
  created_at: Timestamp;
  snapshot: JsonText;
}

/** Table undo_entries: what a delete or an applied import replaced (migration 012). */
export interface UndoEntriesTable {
  id: string;
  /** 'delete' or 'import'. */
  action: string;
  kind: string;
  item_id: string;
  /** What the admin list shows, e.g. the scene's title. */
  label: string;
  author_id: string | null;
  author_name: string | null;
  created_at: Timestamp;
  /** Set when it was put back (an entry is undone once). */
  undone_at: Timestamp | null;
  snapshot: JsonText;
}
