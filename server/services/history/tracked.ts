import type { Kysely } from 'kysely';
import { fontSettingsSchema } from '../../../core/api/admin-world.ts';
import {
  FOOTER_PAGE_SLUGS,
  footerPageContentSchema,
  homeContentSchema,
  seoSettingsSchema,
} from '../../../core/api/admin-world-site.ts';
import type { HistoryKind } from '../../../core/api/history.ts';
import { HISTORY_MESSAGES } from '../../../core/api/history.ts';
import type { SceneSnapshot } from '../../../core/history/diff.ts';
import * as rows from '../../db/repositories/content-rows.ts';
import { hasInitialScene } from '../../db/repositories/history.ts';
import { relinkOptions } from '../../db/repositories/scene-options-admin.ts';
import type { Database } from '../../db/schema/database.ts';
import { HttpError } from '../../errors.ts';
import * as site from '../site-settings.ts';
import { restoreSceneRow } from './scene-restore.ts';
import { isDocumentId, OPTIONS, SCENES, worldTable } from './snapshots.ts';

type Db = Kysely<Database>;

/**
 * How a snapshot is written back (docs/history.md): over the existing item (a restore; `version`
 * guards a scene like a save does) or as the item again after a delete (409 when the id is
 * taken again). Both run inside the caller's transaction.
 */
interface Writeback {
  restore(db: Db, id: string, snapshot: unknown, version?: number): Promise<void>;
  recreate?(db: Db, id: string, snapshot: unknown): Promise<void>;
}

const taken = (id: string) =>
  new HttpError(409, `An item with the id "${id}" exists again; rename or delete it first`);

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

const sceneWriteback: Writeback = {
  async restore(db, id, snapshot, version) {
    const s = snapshot as SceneSnapshot;
    await restoreSceneRow(db, id, s.scene, version);
    await writeOptions(db, id, s.options);
  },
  async recreate(db, id, snapshot) {
    const s = snapshot as SceneSnapshot;
    if (await rows.getRow(db, SCENES, id)) throw taken(id);
    const start = await hasInitialScene(db);
    await rows.insertRow(db, SCENES, { ...s.scene, is_start: s.scene.is_start === true && !start });
    await writeOptions(db, id, s.options);
    // Links that became placeholders when it was deleted lead to it again.
    await relinkOptions(db, [`pending-${id}`], id);
  },
};

/** A world collection kept as rows of one table. */
function rowWriteback(kind: Exclude<HistoryKind, 'scene' | 'document'>): Writeback {
  const t = worldTable(kind);
  return {
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
  };
}

/** The website's documents: settings and pages, saved whole (never deleted). */
const DOCUMENT_SAVES: Record<string, (db: Db, v: unknown) => Promise<void>> = {
  'settings/seo': (db, v) => site.saveSeoSettings(db, seoSettingsSchema.parse(v)),
  'settings/fonts': (db, v) => site.saveFontSettings(db, fontSettingsSchema.parse(v)),
  'pages/home': (db, v) => site.saveHomePage(db, homeContentSchema.parse(v)),
  ...Object.fromEntries(
    FOOTER_PAGE_SLUGS.map((slug) => [
      `pages/${slug}`,
      (db: Db, v: unknown) => site.saveFooterPage(db, slug, footerPageContentSchema.parse(v)),
    ]),
  ),
};

const documentWriteback: Writeback = {
  async restore(db, id, snapshot) {
    if (!isDocumentId(id)) throw new HttpError(404, HISTORY_MESSAGES.itemGone);
    await DOCUMENT_SAVES[id]!(db, snapshot);
  },
};

/** Every kind that keeps history, by its name in history URLs. */
export const WRITEBACK: Record<HistoryKind, Writeback> = {
  scene: sceneWriteback,
  randomEvent: rowWriteback('randomEvent'),
  sponsor: rowWriteback('sponsor'),
  news: rowWriteback('news'),
  advertisement: rowWriteback('advertisement'),
  consultant: rowWriteback('consultant'),
  document: documentWriteback,
};
