import type { Kysely } from 'kysely';
import { fontSettingsSchema } from '../../../core/api/admin-world.ts';
import {
  FOOTER_PAGE_SLUGS,
  footerPageContentSchema,
  homeContentSchema,
  seoSettingsSchema,
} from '../../../core/api/admin-world-site.ts';
import type { HistoryKind } from '../../../core/api/history.ts';
import { HISTORY_KIND_LABELS, HISTORY_MESSAGES } from '../../../core/api/history.ts';
import type { SceneSnapshot } from '../../../core/history/diff.ts';
import type { RowTable } from '../../db/repositories/content-rows.ts';
import * as rows from '../../db/repositories/content-rows.ts';
import { hasInitialScene } from '../../db/repositories/history.ts';
import { relinkOptions } from '../../db/repositories/scene-options-admin.ts';
import type { Database } from '../../db/schema/database.ts';
import { HttpError } from '../../errors.ts';
import * as site from '../site-settings.ts';
import { restoreSceneRow } from './scene-restore.ts';

type Db = Kysely<Database>;

/**
 * One kind of item that keeps history (docs/history.md): how to read it as a snapshot, write a
 * snapshot back over it (a restore), put a deleted one back, and name it in lists.
 */
export interface TrackedKind {
  kind: HistoryKind;
  /** The item as a snapshot, or null when it does not exist. */
  read(db: Db, id: string): Promise<unknown | null>;
  /** Writes a snapshot over the existing item; `version` guards a scene like a save does. */
  restore(db: Db, id: string, snapshot: unknown, version?: number): Promise<void>;
  /** Puts a deleted item back from its snapshot (409 when the id is taken again). */
  recreate?(db: Db, id: string, snapshot: unknown): Promise<void>;
  /** What lists call the item. */
  label(snapshot: unknown, id: string): string;
}

const SCENES: RowTable = { table: 'scenarios', key: 'id', json: ['stats_config'] };
export const OPTIONS: RowTable = {
  table: 'scenario_choices',
  key: 'id',
  json: ['stats_changes', 'required_stats', 'required_items', 'special_effects'],
};

const taken = (id: string) =>
  new HttpError(409, `An item with the id "${id}" exists again; rename or delete it first`);

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

/** Makes the scene's options exactly the snapshot's (rewritten, added back, the rest removed). */
async function writeOptions(db: Db, id: string, options: Record<string, unknown>[]) {
  const now = await rows.listRows(db, OPTIONS, { where: ['scenario_id', id] });
  const keep = new Set(options.map((o) => String(o.id)));
  await rows.deleteRows(
    db,
    OPTIONS,
    now.map((o) => String(o.id)).filter((k) => !keep.has(k)),
  );
  const existing = new Set(now.map((o) => String(o.id)));
  for (const o of options) {
    const row = { ...o, scenario_id: id };
    if (existing.has(String(o.id))) await rows.updateRow(db, OPTIONS, String(o.id), row);
    // An option id moved to another scene since: this scene gets it back under its own id.
    else if (await rows.getRow(db, OPTIONS, String(o.id)))
      await rows.updateRow(db, OPTIONS, String(o.id), row);
    else await rows.insertRow(db, OPTIONS, row);
  }
}

const sceneKind: TrackedKind = {
  kind: 'scene',
  read: readScene,
  async restore(db, id, snapshot, version) {
    const s = snapshot as SceneSnapshot;
    await db.transaction().execute(async (trx) => {
      await restoreSceneRow(trx, id, s.scene, version);
      await writeOptions(trx, id, s.options);
    });
  },
  async recreate(db, id, snapshot) {
    const s = snapshot as SceneSnapshot;
    await db.transaction().execute(async (trx) => {
      if (await rows.getRow(trx, SCENES, id)) throw taken(id);
      const start = await hasInitialScene(trx);
      await rows.insertRow(trx, SCENES, {
        ...s.scene,
        is_start: s.scene.is_start === true && !start,
      });
      await writeOptions(trx, id, s.options);
      // Links that became placeholders when it was deleted lead to it again.
      await relinkOptions(trx, [`pending-${id}`], id);
    });
  },
  label: (s, id) => String((s as SceneSnapshot).scene?.title ?? id),
};

/** A world collection kept as rows of one table. */
function rowKind(kind: HistoryKind, table: string, title: string): TrackedKind {
  const t: RowTable = { table, key: 'id', json: [] };
  return {
    kind,
    read: (db, id) => rows.getRow(db, t, id),
    async restore(db, id, snapshot) {
      const { id: _id, created_at: _c, ...values } = snapshot as Record<string, unknown>;
      if (!(await rows.updateRow(db, t, id, values))) {
        throw new HttpError(404, HISTORY_MESSAGES.itemGone);
      }
    },
    async recreate(db, id, snapshot) {
      if (await rows.getRow(db, t, id)) throw taken(id);
      await rows.insertRow(db, t, snapshot as Record<string, unknown>);
    },
    label: (s, id) => String((s as Record<string, unknown>)[title] ?? id),
  };
}

/** The website's documents: settings and pages, saved whole (never deleted). */
const DOCUMENTS: Record<
  string,
  { read(db: Db): Promise<unknown>; save(db: Db, v: unknown): Promise<void> }
> = {
  'settings/seo': {
    read: site.getSeoSettings,
    save: (db, v) => site.saveSeoSettings(db, seoSettingsSchema.parse(v)),
  },
  'settings/fonts': {
    read: site.getFontSettings,
    save: (db, v) => site.saveFontSettings(db, fontSettingsSchema.parse(v)),
  },
  'pages/home': {
    read: async (db) => (await site.readPage(db, 'home')).content,
    save: (db, v) => site.saveHomePage(db, homeContentSchema.parse(v)),
  },
  ...Object.fromEntries(
    FOOTER_PAGE_SLUGS.map((slug) => [
      `pages/${slug}`,
      {
        read: async (db: Db) => (await site.readPage(db, slug)).content,
        save: (db: Db, v: unknown) =>
          site.saveFooterPage(db, slug, footerPageContentSchema.parse(v)),
      },
    ]),
  ),
};

/** True for the id of a document that keeps history ('settings/seo', 'pages/about'). */
export const isDocumentId = (id: string) => id in DOCUMENTS;

const documentKind: TrackedKind = {
  kind: 'document',
  read: async (db, id) => (isDocumentId(id) ? DOCUMENTS[id]!.read(db) : null),
  async restore(db, id, snapshot) {
    if (!isDocumentId(id)) throw new HttpError(404, HISTORY_MESSAGES.itemGone);
    await DOCUMENTS[id]!.save(db, snapshot);
  },
  label: (_s, id) => id,
};

/** Every kind that keeps history, by its name in history URLs. */
export const TRACKED: Record<HistoryKind, TrackedKind> = {
  scene: sceneKind,
  randomEvent: rowKind('randomEvent', 'random_events', 'title'),
  sponsor: rowKind('sponsor', 'sponsors', 'name'),
  news: rowKind('news', 'news_items', 'content'),
  advertisement: rowKind('advertisement', 'advertisements', 'title'),
  consultant: rowKind('consultant', 'consultant_submissions', 'name'),
  document: documentKind,
};

/** 'Scene "Lost hat"' for lists and messages. */
export const describeItem = (kind: HistoryKind, label: string) =>
  `${HISTORY_KIND_LABELS[kind]} "${label}"`;
