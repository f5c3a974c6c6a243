import { z } from 'zod';

/*
 * History API contracts (docs/history.md): the revisions of one scene or world item, what a
 * revision changes against the current item, restoring one, and the 'Recently deleted' list of
 * deletes and imports that can be undone.
 */

/** How long deletes and imports stay undoable; older entries may be purged. */
export const UNDO_KEEP_DAYS = 30;

/** The kinds of items that keep revisions, as they appear in history URLs. */
export const HISTORY_KINDS = [
  'scene',
  'randomEvent',
  'sponsor',
  'news',
  'advertisement',
  'consultant',
  'document',
] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/** What a person calls each kind (list headings, messages). */
export const HISTORY_KIND_LABELS: Record<HistoryKind, string> = {
  scene: 'Scene',
  randomEvent: 'Random event',
  sponsor: 'Sponsor',
  news: 'News item',
  advertisement: 'Advertisement',
  consultant: 'Consultant',
  document: 'Page or setting',
};

export const HISTORY_MESSAGES = Object.freeze({
  revisionNotFound: 'That revision could not be found',
  itemGone: 'This item was deleted; restore it from Recently deleted first',
  entryNotFound: 'That entry could not be found',
  alreadyUndone: 'This was already undone',
  expired: `Entries older than ${UNDO_KEEP_DAYS} days can no longer be undone`,
});

/** Who made a change, as history shows it. */
export interface Author {
  id: string;
  name: string;
}

/** One field that differs between two versions, in words. */
const fieldChangeSchema = z.object({
  field: z.string(),
  before: z.string(),
  after: z.string(),
});
export type FieldChange = z.infer<typeof fieldChangeSchema>;

/** One revision in the History list (newest first). */
const revisionSummarySchema = z.object({
  revision: z.number(),
  action: z.string(),
  authorName: z.string().nullable(),
  createdAt: z.string(),
  /** How many fields differ from the item as it is now (0: the same). */
  changes: z.number(),
});
export type RevisionSummary = z.infer<typeof revisionSummarySchema>;

export const historyParamsSchema = z.object({
  kind: z.enum(HISTORY_KINDS),
  id: z.string().min(1).max(300),
});
export const revisionParamsSchema = historyParamsSchema.extend({
  revision: z.coerce.number().int().min(1),
});

/** GET /api/admin/history/:kind/:id */
export const revisionListSchema = z.object({ revisions: z.array(revisionSummarySchema) });

/** GET /api/admin/history/:kind/:id/:revision: what restoring it would change, field by field. */
export const revisionDiffSchema = z.object({
  revision: revisionSummarySchema,
  changes: z.array(fieldChangeSchema),
});
export type RevisionDiff = z.infer<typeof revisionDiffSchema>;

/**
 * POST /api/admin/history/:kind/:id/:revision/restore. For a scene, `version` is the version the
 * editor shows: a scene saved by someone else since is not touched (409, like a save).
 */
export const restoreBodySchema = z.object({ version: z.number().int().min(1).optional() });
export const restoreResponseSchema = z.object({ revision: z.number() });

/** One deleted item or applied import in 'Recently deleted'. */
const undoEntrySchema = z.object({
  id: z.string(),
  action: z.enum(['delete', 'import']),
  kind: z.string(),
  itemId: z.string(),
  label: z.string(),
  authorName: z.string().nullable(),
  createdAt: z.string(),
  undoneAt: z.string().nullable(),
});
export type UndoEntry = z.infer<typeof undoEntrySchema>;
export const undoListSchema = z.object({ entries: z.array(undoEntrySchema) });
export const undoParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const undoResponseSchema = z.object({ entry: undoEntrySchema });
/**
 * POST /api/admin/undo/:id. An undo that would remove or overwrite work done since the entry
 * answers 409 with code LATER_WORK and a message naming that work; `confirm` goes ahead
 * (what it removes goes to 'Recently deleted', what it overwrites keeps its revisions).
 */
export const undoBodySchema = z
  .object({ confirm: z.boolean().optional() })
  .nullish()
  .describe('confirm: undo even though it removes or overwrites later work');
/** The code of the 409 that names the later work an undo would remove or overwrite. */
export const LATER_WORK_CODE = 'LATER_WORK';

/** The history kind of a world collection (core/content/ names), or null. */
export function historyKindOfWorld(name: string): HistoryKind | null {
  const kinds: Record<string, HistoryKind> = {
    randomEvents: 'randomEvent',
    sponsors: 'sponsor',
    news: 'news',
    advertisements: 'advertisement',
  };
  return kinds[name] ?? null;
}

/** What each revision action is called in the History list. */
export const REVISION_ACTION_LABELS: Record<string, string> = {
  original: 'As it was before history',
  create: 'Created',
  save: 'Saved',
  restore: 'Restored',
  undelete: 'Put back after a delete',
};
