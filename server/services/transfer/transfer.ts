import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Author } from '../../../core/api/history.ts';
import type { ImportWarningItem } from '../../../core/api/transfer.ts';
import { type ImportPlan, planImport } from '../../../core/transfer/diff.ts';
import {
  type Bundle,
  type FileRow,
  FORMAT_NAME,
  FORMAT_VERSION,
  KIND_NAMES,
  KINDS,
  type Kind,
  TransferError,
} from '../../../core/transfer/format.ts';
import {
  claimSetting,
  deleteRows,
  filesByHash,
  hasScenes,
  insertImportedFile,
  insertRow,
  listRows,
  storedHashes,
  updateRow,
} from '../../db/repositories/content-rows.ts';
import { scenesOfOptions, touchScenes } from '../../db/repositories/scenes-admin.ts';
import type { Database } from '../../db/schema/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import { HttpError } from '../../errors.ts';
import { keepImported } from '../history/record.ts';
import { type ProcessedImage, processImage } from '../images/process-image.ts';
import { uploadUrl } from '../images/store-image.ts';
import { applyStory, planStory, STORY_SETTING, storedStory } from './story-identity.ts';

type Db = Kysely<Database>;

const UPLOAD_URL = /\/uploads\/([a-f0-9]{64})\.[a-z]+/g;

/** Every row of every kind, as the file carries it (validated, so both sides compare alike). */
export async function readRows(db: Db): Promise<Bundle> {
  const bundle: Record<string, unknown> = { format: FORMAT_NAME, version: FORMAT_VERSION };
  for (const kind of KIND_NAMES) {
    const rows = await listRows(db, KINDS[kind]);
    // The story's Twine identity is a setting, but travels as the file's `story`.
    const own = kind === 'settings' ? rows.filter((r) => r.key !== STORY_SETTING) : rows;
    bundle[kind] = own.map((r) => KINDS[kind].schema.parse(r));
  }
  return bundle as Bundle;
}

/** The images the rows use (by /uploads/{hash}.{ext} anywhere in them). */
function usedHashes(bundle: Bundle): Set<string> {
  const text = JSON.stringify(KIND_NAMES.map((k) => bundle[k]));
  return new Set([...text.matchAll(UPLOAD_URL)].map((m) => m[1] as string));
}

/** The whole adventure with the images it uses, for GET /api/admin/export.json. */
export async function exportBundle(db: Db): Promise<Bundle> {
  const bundle = await readRows(db);
  const files = await filesByHash(db, [...usedHashes(bundle)]);
  const story = await storedStory(db);
  return { ...bundle, exportedAt: new Date().toISOString(), files, ...(story ? { story } : {}) };
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
 * What importing `incoming` into `db` (the database or a transaction) would do; with `site`
 * (which gives the default IFID) also what the story's Twine identity becomes.
 */
async function planAgainst(db: Db, incoming: Bundle, site?: string): Promise<ImportPlan> {
  const current = await readRows(db);
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
 * Writes a checked bundle inside the caller's transaction: removed options and scenes first,
 * then every kind's changed and added rows (scenes before their options), then the new images
 * and, with `site`, the story's Twine identity.
 */
async function writeBundle(
  trx: Db,
  incoming: Bundle,
  images: Buffer[],
  site?: string,
): Promise<ImportPlan> {
  const plan = await planAgainst(trx, incoming, site);
  const optionsLeft = await scenesOfOptions(trx, plan.kinds.options?.removed ?? []);
  // Options before scenes: removing a scene takes its options with it (FK cascade), and an
  // option may move to a scene that is removed.
  for (const kind of ['options', 'scenes', ...KIND_NAMES.slice(2)] as Kind[]) {
    await deleteRows(trx, KINDS[kind], plan.kinds[kind]?.removed ?? []);
  }
  for (const kind of KIND_NAMES) {
    const diff = plan.kinds[kind];
    const rows = incoming[kind] as Record<string, unknown>[] | undefined;
    if (!diff || !rows) continue;
    const t = KINDS[kind];
    const byKey = new Map(rows.map((r) => [String(r[t.key]), r]));
    for (const k of diff.changed) await updateRow(trx, t, k, byKey.get(k)!);
    for (const k of diff.added) await insertRow(trx, t, byKey.get(k)!);
  }
  await touchScenes(trx, [...new Set([...optionsLeft, ...scenesTouched(plan, incoming)])]);
  for (const [i, f] of (incoming.files ?? []).entries()) {
    await insertImportedFile(trx, f, images[i] as Buffer);
  }
  if (site !== undefined) await applyStory(trx, plan);
  return plan;
}

/**
 * Applies an import in ONE transaction, planned inside it, so nothing is half-imported and two
 * imports at once cannot interleave. Returns what was done.
 */
export async function applyImport(
  db: Db,
  file: Bundle,
  site: string,
  author: Author | null = null,
): Promise<ImportResult> {
  const { bundle, images, notes } = await checkFiles(db, withoutStoryRow(file));
  const plan = await db.transaction().execute(async (trx) => {
    const before = await readRows(trx);
    const written = await writeBundle(trx, bundle, images, site);
    await keepImported(trx, before, written, author);
    return written;
  });
  return { plan, notes };
}

/**
 * Puts back content read by readRows before an import ('Undo import'), through the same writes
 * in one transaction; images stay stored, so the file needs none.
 */
export async function restoreBundle(db: Db, previous: Bundle): Promise<ImportPlan> {
  return inTransaction(db, (trx) => writeBundle(trx, previous, []));
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
