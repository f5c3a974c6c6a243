import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
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
  insertRows,
  listRowsPage,
  storedHashes,
  updateRow,
} from '../../db/repositories/content-rows.ts';
import type { Database } from '../../db/schema/database.ts';
import { HttpError } from '../../errors.ts';
import { type ProcessedImage, processImage } from '../images/process-image.ts';
import { uploadUrl } from '../images/store-image.ts';
import { applyStory, planStory, STORY_SETTING, storedStory } from './story-identity.ts';

type Db = Kysely<Database>;

const UPLOAD_URL = /\/uploads\/([a-f0-9]{64})\.[a-z]+/g;

/** Rows a long job reads, writes or deletes in its first slice (each slice a short transaction). */
export const SLICE_ROWS = 250;
/** What one slice should take: the pace halves or doubles its rows to stay near it. */
const SLICE_MS = 20;

/**
 * The pace of one long job: rows per slice, adjusted after each slice so a slice takes about
 * SLICE_MS however busy the machine, and a turn of the event loop between slices, so other
 * requests are served.
 */
class Pace {
  rows = SLICE_ROWS;
  async rest(tookMs: number): Promise<void> {
    if (tookMs > SLICE_MS * 2 && this.rows > 20) this.rows = Math.max(20, this.rows >> 1);
    else if (tookMs < SLICE_MS / 2 && this.rows < 2000) this.rows *= 2;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** `items` a slice at a time at the job's pace (the caller's work on a slice is timed too). */
async function* inSlices<T>(items: readonly T[], pace: Pace): AsyncGenerator<T[]> {
  for (let i = 0; i < items.length; ) {
    const chunk = items.slice(i, i + pace.rows);
    i += chunk.length;
    const started = performance.now();
    yield chunk;
    await pace.rest(performance.now() - started);
  }
}

/**
 * Every row of one kind, page by page at the job's pace (other requests served between pages),
 * each validated as the file carries it.
 */
async function* kindPages(
  db: Db,
  kind: Kind,
  pace = new Pace(),
): AsyncGenerator<Record<string, unknown>[]> {
  const t = KINDS[kind];
  let after: string | null = null;
  for (;;) {
    const started = performance.now();
    const limit = pace.rows;
    const rows = await listRowsPage(db, t, after, limit);
    // The story's Twine identity is a setting, but travels as the file's `story`.
    const own = kind === 'settings' ? rows.filter((r) => r.key !== STORY_SETTING) : rows;
    yield own.map((r) => KINDS[kind].schema.parse(r) as Record<string, unknown>);
    if (rows.length < limit) return;
    after = String(rows.at(-1)?.[t.key]);
    await pace.rest(performance.now() - started);
  }
}

/** Every row of every kind, as the file carries it (validated, so both sides compare alike). */
export async function readRows(db: Db): Promise<Bundle> {
  const bundle: Record<string, unknown> = { format: FORMAT_NAME, version: FORMAT_VERSION };
  const pace = new Pace();
  for (const kind of KIND_NAMES) {
    const rows: Record<string, unknown>[] = [];
    for await (const page of kindPages(db, kind, pace)) rows.push(...page);
    bundle[kind] = rows;
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

/**
 * The whole adventure as JSON text, piece by piece (GET /api/admin/export.json streams it): rows
 * are read SLICE_ROWS at a time with other requests served between pages, written one per line
 * (no indentation: the file of 50,000 scenes stays under the import limit, so it can be imported
 * back), then the images the rows use and the story identity.
 */
export async function* exportJson(db: Db): AsyncGenerator<string> {
  const progress: TransferProgress = {
    action: 'export',
    done: 0,
    total: 0,
    startedAt: new Date().toISOString(),
  };
  progressByDb.set(db, progress);
  try {
    yield `{"format":${JSON.stringify(FORMAT_NAME)},"version":${FORMAT_VERSION},"exportedAt":${JSON.stringify(new Date().toISOString())}`;
    const used = new Set<string>();
    const pace = new Pace();
    for (const kind of KIND_NAMES) {
      yield `,\n${JSON.stringify(kind)}:[`;
      let first = true;
      for await (const page of kindPages(db, kind, pace)) {
        if (page.length === 0) continue;
        const text = page.map((row) => JSON.stringify(row)).join(',\n');
        for (const m of text.matchAll(UPLOAD_URL)) used.add(m[1] as string);
        yield `${first ? '\n' : ',\n'}${text}`;
        first = false;
        progress.done += page.length;
      }
      yield '\n]';
    }
    yield ',\n"files":[';
    let first = true;
    for (const hash of [...used].sort()) {
      const [file] = await filesByHash(db, [hash]);
      if (!file) continue;
      yield `${first ? '\n' : ',\n'}${JSON.stringify(file)}`;
      first = false;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    yield '\n]';
    const story = await storedStory(db);
    yield story ? `,\n"story":${JSON.stringify(story)}\n}\n` : '\n}\n';
  } finally {
    if (progressByDb.get(db) === progress) progressByDb.delete(db);
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

/** How far a long import, undo or export has got (GET /api/admin/import/progress). */
export interface TransferProgress {
  action: 'import' | 'undo' | 'export';
  /** Rows (and images) done, of `total`. */
  done: number;
  total: number;
  startedAt: string;
}

const progressByDb = new WeakMap<Db, TransferProgress>();
/** The long import, undo or export under way on this server, or null. */
export const transferProgress = (db: Db): TransferProgress | null => progressByDb.get(db) ?? null;

/** Imports and undos of one database run one at a time on this server (a queue). */
const queues = new WeakMap<Db, Promise<unknown>>();
function oneAtATime<T>(db: Db, work: () => Promise<T>): Promise<T> {
  const before = queues.get(db) ?? Promise.resolve();
  const run = before.then(work, work);
  queues.set(
    db,
    run.catch(() => {}),
  );
  return run;
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
  // Options before scenes: removing a scene takes its options with it (FK cascade), and an
  // option may move to a scene that is removed.
  for (const kind of ['options', 'scenes', ...KIND_NAMES.slice(2)] as Kind[]) {
    for await (const keys of inSlices(plan.kinds[kind]?.removed ?? [], pace)) {
      await deleteRows(db, KINDS[kind], keys);
      progress.done += keys.length;
    }
  }
  for (const kind of KIND_NAMES) {
    const diff = plan.kinds[kind];
    const rows = incoming[kind] as Record<string, unknown>[] | undefined;
    if (!diff || !rows) continue;
    const t = KINDS[kind];
    const byKey = new Map(rows.map((r) => [String(r[t.key]), r]));
    for await (const keys of inSlices(diff.changed, pace)) {
      await db.transaction().execute(async (trx) => {
        for (const k of keys) await updateRow(trx, t, k, byKey.get(k)!);
      });
      progress.done += keys.length;
    }
    for await (const keys of inSlices(diff.added, pace)) {
      await insertRows(
        db,
        t,
        keys.map((k) => byKey.get(k)!),
      );
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

/**
 * Makes the database's content `incoming` (planned against what it holds now) in slices, with
 * progress; if a slice fails, what was there before is put back the same way and the error
 * thrown. One import or undo at a time per server.
 */
function writeWhole(
  db: Db,
  action: TransferProgress['action'],
  incoming: Bundle,
  images: Buffer[],
  site?: string,
): Promise<ImportPlan> {
  return oneAtATime(db, async () => {
    const progress: TransferProgress = {
      action,
      done: 0,
      total: 0,
      startedAt: new Date().toISOString(),
    };
    progressByDb.set(db, progress);
    try {
      const current = await readRows(db);
      const plan = await planWith(db, current, incoming, site);
      progress.total = planSize(plan, incoming.files?.length ?? 0);
      try {
        await writeSliced(db, plan, incoming, images, progress, site);
      } catch (err) {
        // Nothing is left half-imported: the content before is written back.
        const back = await planWith(db, await readRows(db), current);
        await writeSliced(db, back, current, [], { ...progress, done: 0 });
        throw err;
      }
      return plan;
    } finally {
      if (progressByDb.get(db) === progress) progressByDb.delete(db);
    }
  });
}

/**
 * Applies an import in slices (short transactions, other requests served between them),
 * planned just before, one import at a time; a failed slice puts the content before back, so
 * nothing stays half-imported. Returns what was done.
 */
export async function applyImport(db: Db, file: Bundle, site: string): Promise<ImportResult> {
  const { bundle, images, notes } = await checkFiles(db, withoutStoryRow(file));
  const plan = await writeWhole(db, 'import', bundle, images, site);
  return { plan, notes };
}

/**
 * Puts back content read by readRows before an import ('Undo import'), through the same sliced
 * writes; images stay stored, so the file needs none.
 */
export function restoreBundle(db: Db, previous: Bundle): Promise<ImportPlan> {
  return writeWhole(db, 'undo', previous, []);
}

/** Writes a checked bundle inside the caller's transaction (the one-time demo content load). */
async function writeBundle(trx: Db, incoming: Bundle, images: Buffer[]): Promise<void> {
  const plan = await planAgainst(trx, incoming);
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
    await insertRows(
      trx,
      t,
      diff.added.map((k) => byKey.get(k)!),
    );
  }
  for (const [i, f] of (incoming.files ?? []).entries()) {
    await insertImportedFile(trx, f, images[i] as Buffer);
  }
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
