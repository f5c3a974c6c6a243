import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Author } from '../../../core/api/history.ts';
import type { ImportWarningItem } from '../../../core/api/transfer.ts';
import { type ImportPlan, planImport } from '../../../core/transfer/diff.ts';
import {
  type Bundle,
  type FileRow,
  KIND_NAMES,
  KINDS,
  type Kind,
  TransferError,
} from '../../../core/transfer/format.ts';
import {
  claimSetting,
  deleteRows,
  hasScenes,
  insertImportedFile,
  insertRows,
  storedHashes,
  updateRow,
} from '../../db/repositories/content-rows.ts';
import { scenesOfOptions, touchScenes } from '../../db/repositories/scenes-admin.ts';
import type { Database } from '../../db/schema/database.ts';
import { HttpError } from '../../errors.ts';
import { keepImported } from '../history/record.ts';
import { type ProcessedImage, processImage } from '../images/process-image.ts';
import { uploadUrl } from '../images/store-image.ts';
import { readRows, UPLOAD_URL } from './export.ts';
import {
  beginProgress,
  breathe,
  endProgress,
  inSlices,
  oneAtATime,
  Pace,
  phase,
  type TransferProgress,
} from './jobs.ts';
import { applyStory, planStory, STORY_SETTING } from './story-identity.ts';

type Db = Kysely<Database>;

/**
 * The order rows are removed in: options before scenes, since removing a scene takes its options
 * with it (FK cascade), and an option may move to a scene that is removed.
 */
const REMOVAL_ORDER = ['options', 'scenes', ...KIND_NAMES.slice(2)] as Kind[];

/** Each kind the plan changes or adds rows of: its table, the file's rows by key, the keys. */
function* rowWrites(plan: ImportPlan, incoming: Bundle) {
  for (const kind of KIND_NAMES) {
    const diff = plan.kinds[kind];
    const rows = incoming[kind] as Record<string, unknown>[] | undefined;
    if (!diff || !rows) continue;
    const t = KINDS[kind];
    const byKey = new Map(rows.map((r) => [String(r[t.key]), r]));
    const rowOf = (k: string) => byKey.get(k)!;
    yield { t, rowOf, changed: diff.changed, added: diff.added };
  }
}

/** The file without a settings row for the story identity (that travels as `story`). */
function withoutStoryRow(incoming: Bundle): Bundle {
  if (!incoming.settings?.some((r) => r.key === STORY_SETTING)) return incoming;
  return { ...incoming, settings: incoming.settings.filter((r) => r.key !== STORY_SETTING) };
}

/** An import file's images after the upload checks, and the file's rows pointing at them. */
interface CheckedImport {
  bundle: Bundle;
  images: Buffer[];
  notes: ImportWarningItem[];
}

/**
 * Puts each new image of the file through the upload path's checks (docs/security.md): the bytes
 * must match the hash, then the real type is sniffed and the image re-encoded like an upload, so
 * the claimed MIME type and anything hidden in the bytes are dropped. An image the database holds
 * already is kept as it is. A re-encoded image gets a new hash, and every /uploads/ reference to
 * the old one in the file's rows is rewritten (reported as a note). Not an image: TransferError.
 */
async function checkFiles(db: Db, incoming: Bundle): Promise<CheckedImport> {
  const files = incoming.files ?? [];
  const have = new Set(
    await storedHashes(
      db,
      files.map((f) => f.hash),
    ),
  );
  const rows: FileRow[] = [];
  const images: Buffer[] = [];
  const notes: ImportWarningItem[] = [];
  const renamed = new Map<string, string>();
  for (const [i, f] of files.entries()) {
    const data = Buffer.from(f.data, 'base64');
    if (createHash('sha256').update(data).digest('hex') !== f.hash) {
      throw new TransferError(`files[${i}].data: the bytes do not match the hash ${f.hash}`);
    }
    if (have.has(f.hash)) continue;
    let image: ProcessedImage;
    try {
      image = await processImage(data);
    } catch (err) {
      if (err instanceof HttpError) throw new TransferError(`files[${i}]: ${err.message}`);
      throw err;
    }
    const hash = createHash('sha256').update(image.data).digest('hex');
    const { width, height, mime, ext } = image;
    rows.push({ ...f, hash, ext: ext as FileRow['ext'], mime, width, height, data: '' });
    images.push(image.data);
    if (hash !== f.hash || ext !== f.ext) {
      renamed.set(f.hash, uploadUrl(hash, ext));
      notes.push({
        passage: null,
        line: null,
        message: `files[${i}]: re-encoded as ${mime}; its uses now point at ${uploadUrl(hash, ext)}`,
      });
    }
  }
  return { bundle: { ...withReferences(incoming, renamed), files: rows }, images, notes };
}

/** The bundle with /uploads/{old hash}.{ext} in any row replaced by the re-encoded image's URL. */
function withReferences(incoming: Bundle, renamed: Map<string, string>): Bundle {
  if (renamed.size === 0) return incoming;
  const out: Record<string, unknown> = { ...incoming };
  for (const kind of KIND_NAMES) {
    const rows = incoming[kind];
    if (!rows) continue;
    const text = JSON.stringify(rows).replace(
      UPLOAD_URL,
      (url, hash: string) => renamed.get(hash) ?? url,
    );
    out[kind] = JSON.parse(text);
  }
  return out as Bundle;
}

/**
 * What importing `incoming` over `current` (the rows `db` holds) would do; with `site` (which
 * gives the default IFID) also what the story's Twine identity becomes.
 */
async function planWith(
  db: Db,
  current: Bundle,
  incoming: Bundle,
  site?: string,
): Promise<ImportPlan> {
  const have = await storedHashes(
    db,
    (incoming.files ?? []).map((f) => f.hash),
  );
  const plan = planImport(
    { ...current, files: have.map((hash) => ({ hash }) as FileRow) },
    incoming,
  );
  const story = site === undefined ? null : await planStory(db, site, incoming.story);
  return story ? { ...plan, story } : plan;
}

/** What importing `incoming` into `db` (the database or a transaction) would do. */
async function planAgainst(db: Db, incoming: Bundle, site?: string): Promise<ImportPlan> {
  return planWith(db, await readRows(db), incoming, site);
}

/** What an import did or would do, with notes on the images it re-encoded. */
export interface ImportResult {
  plan: ImportPlan;
  notes: ImportWarningItem[];
}

/**
 * The dry run: what importing `file` would add, change and remove, and what the story's Twine
 * identity becomes (`site` gives the default IFID). Writes nothing.
 */
export async function dryRunImport(db: Db, file: Bundle, site?: string): Promise<ImportResult> {
  const { bundle, notes } = await checkFiles(db, withoutStoryRow(file));
  return { plan: await planAgainst(db, bundle, site), notes };
}

/** Rows an import plan writes or deletes, and its images. */
function planSize(plan: ImportPlan, images: number): number {
  let n = images;
  for (const d of Object.values(plan.kinds)) {
    if (d) n += d.added.length + d.changed.length + d.removed.length;
  }
  return n;
}

/**
 * The scenes an import (or its undo) rewrites that stay: changed ones and those whose options
 * changed. Their version goes up, so an editor opened before answers 409 on its next save
 * instead of writing over the import ('Conflicts, not overwrites').
 */
function scenesTouched(plan: ImportPlan, incoming: Bundle): string[] {
  const options = plan.kinds.options;
  const moved = new Set([...(options?.changed ?? []), ...(options?.added ?? [])]);
  const ids = new Set(plan.kinds.scenes?.changed ?? []);
  for (const o of incoming.options ?? []) if (moved.has(o.id)) ids.add(o.scenario_id);
  return [...ids];
}

/**
 * Writes a checked bundle as `plan` says, in slices: each slice of SLICE_ROWS rows is one short
 * transaction, and other requests are served between slices (docs/security.md "Long imports
 * never hold the server"). Removed options and scenes first, then every kind's changed and added
 * rows (scenes before their options), then the new images and, with `site`, the story's Twine
 * identity. A failure stops at its slice: the caller puts the content back.
 */
async function writeSliced(
  db: Db,
  plan: ImportPlan,
  incoming: Bundle,
  images: Buffer[],
  progress: TransferProgress,
  site?: string,
): Promise<void> {
  const pace = new Pace();
  for (const kind of REMOVAL_ORDER) {
    for await (const keys of inSlices(plan.kinds[kind]?.removed ?? [], pace)) {
      await deleteRows(db, KINDS[kind], keys);
      progress.done += keys.length;
    }
  }
  for (const { t, rowOf, changed, added } of rowWrites(plan, incoming)) {
    for await (const keys of inSlices(changed, pace)) {
      await db.transaction().execute(async (trx) => {
        for (const k of keys) await updateRow(trx, t, k, rowOf(k));
      });
      progress.done += keys.length;
    }
    for await (const keys of inSlices(added, pace)) {
      await insertRows(db, t, keys.map(rowOf));
      progress.done += keys.length;
    }
  }
  const files = incoming.files ?? [];
  for await (const slice of inSlices([...files.keys()], pace)) {
    for (const i of slice) await insertImportedFile(db, files[i]!, images[i] as Buffer);
    progress.done += slice.length;
  }
  if (site !== undefined) await applyStory(db, plan);
}

/** What runs after the slices, in one short transaction with the plan (the import's undo entry). */
type Finish = (trx: Db, before: Bundle, plan: ImportPlan) => Promise<unknown>;

/**
 * Makes the database's content `incoming` (planned against what it holds now) in slices, with
 * progress, then raises the version of the scenes it rewrote and runs `finish`, together in one
 * short transaction; if a slice or that last step fails, what was there before is put back the
 * same way and the error thrown. One import or undo at a time per server.
 */
function writeWhole(
  db: Db,
  action: TransferProgress['action'],
  incoming: Bundle,
  images: Buffer[],
  site?: string,
  finish?: Finish,
): Promise<ImportPlan> {
  return oneAtATime(db, async () => {
    const progress = beginProgress(db, action);
    try {
      // An import's parse has just held the event loop (its answer is read on this thread):
      // other requests first (an undo too), and again after each phase that reads or plans
      // everything.
      await breathe();
      const current = await phase(() => readRows(db));
      const plan = await phase(() => planWith(db, current, incoming, site));
      progress.total = planSize(plan, incoming.files?.length ?? 0);
      const optionsLeft = await scenesOfOptions(db, plan.kinds.options?.removed ?? []);
      try {
        await writeSliced(db, plan, incoming, images, progress, site);
        await db.transaction().execute(async (trx) => {
          await touchScenes(trx, [...new Set([...optionsLeft, ...scenesTouched(plan, incoming)])]);
          await finish?.(trx, current, plan);
        });
      } catch (err) {
        // Nothing is left half-imported: the content before is written back.
        const back = await planWith(db, await readRows(db), current);
        await writeSliced(db, back, current, [], { ...progress, done: 0 });
        throw err;
      }
      return plan;
    } finally {
      endProgress(db, progress);
    }
  });
}

/**
 * Applies an import in slices (short transactions, other requests served between them),
 * planned just before, one import at a time; its undo entry ('Undo import', with the content
 * before) is written with the last step, and a failure puts the content before back, so nothing
 * stays half-imported. Returns what was done.
 */
export async function applyImport(
  db: Db,
  file: Bundle,
  site: string,
  author: Author | null = null,
): Promise<ImportResult> {
  const { bundle, images, notes } = await checkFiles(db, withoutStoryRow(file));
  const plan = await writeWhole(db, 'import', bundle, images, site, (trx, before, written) =>
    keepImported(trx, before, written, author),
  );
  return { plan, notes };
}

/**
 * Puts back content read by readRows before an import ('Undo import'); images stay stored, so
 * the file needs none. Inside a caller's transaction (the undo, which records what it removes
 * and overwrites with it) it writes there; otherwise in slices like an import.
 */
export function restoreBundle(db: Db, previous: Bundle): Promise<ImportPlan> {
  if (db.isTransaction) return writeBundle(db, previous, []);
  return writeWhole(db, 'undo', previous, []);
}

/**
 * Writes a checked bundle inside the caller's transaction (the one-time demo content load, an
 * undo): removed options and scenes first, then every kind's changed and added rows (scenes
 * before their options), then the new images and, with `site`, the story's Twine identity.
 */
async function writeBundle(
  trx: Db,
  incoming: Bundle,
  images: Buffer[],
  site?: string,
): Promise<ImportPlan> {
  const plan = await planAgainst(trx, incoming, site);
  const optionsLeft = await scenesOfOptions(trx, plan.kinds.options?.removed ?? []);
  for (const kind of REMOVAL_ORDER)
    await deleteRows(trx, KINDS[kind], plan.kinds[kind]?.removed ?? []);
  for (const { t, rowOf, changed, added } of rowWrites(plan, incoming)) {
    for (const k of changed) await updateRow(trx, t, k, rowOf(k));
    await insertRows(trx, t, added.map(rowOf));
  }
  await touchScenes(trx, [...new Set([...optionsLeft, ...scenesTouched(plan, incoming)])]);
  for (const [i, f] of (incoming.files ?? []).entries()) {
    await insertImportedFile(trx, f, images[i] as Buffer);
  }
  if (site !== undefined) await applyStory(trx, plan);
  return plan;
}

/**
 * Loads a bundle once into a database without scenes, through the same writes as an import:
 * `marker` (a settings key) is claimed first inside the transaction, so of several servers
 * starting at once only one loads, and the bundle must carry the same marker row. Returns false
 * when the marker was already set or scenes exist (an admin's content is never touched).
 * `alsoWrite` adds rows the file format does not carry, in the same transaction.
 */
export async function importOnce(
  db: Db,
  incoming: Bundle,
  marker: { key: string; value: unknown },
  alsoWrite?: (trx: Db) => Promise<void>,
): Promise<boolean> {
  const checked = await checkFiles(db, incoming);
  return db.transaction().execute(async (trx) => {
    if (!(await claimSetting(trx, marker.key, marker.value))) return false;
    if (await hasScenes(trx)) return false;
    await writeBundle(trx, checked.bundle, checked.images);
    await alsoWrite?.(trx);
    return true;
  });
}
