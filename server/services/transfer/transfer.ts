import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
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
import type { Database } from '../../db/schema/database.ts';
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

/** Checks each image of the file: its bytes match its hash and decode as the image it claims. */
async function checkFiles(files: FileRow[]): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for (const [i, f] of files.entries()) {
    const data = Buffer.from(f.data, 'base64');
    if (createHash('sha256').update(data).digest('hex') !== f.hash) {
      throw new TransferError(`files[${i}].data: the bytes do not match the hash ${f.hash}`);
    }
    try {
      // sharp is loaded on first use (it weighs ~25 MB a server needs only for images).
      const { default: sharp } = await import('sharp');
      const meta = await sharp(data, { limitInputPixels: 40_000_000 }).metadata();
      if (!meta.width || !meta.height) throw new Error('no size');
    } catch {
      throw new TransferError(`files[${i}].data: not a readable image`);
    }
    out.push(data);
  }
  return out;
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

/**
 * The dry run: what importing `file` would add, change and remove, and what the story's Twine
 * identity becomes (`site` gives the default IFID). Writes nothing.
 */
export async function dryRunImport(db: Db, file: Bundle, site?: string): Promise<ImportPlan> {
  const incoming = withoutStoryRow(file);
  await checkFiles(incoming.files ?? []);
  return planAgainst(db, incoming, site);
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
export async function applyImport(db: Db, file: Bundle, site: string): Promise<ImportPlan> {
  const incoming = withoutStoryRow(file);
  const images = await checkFiles(incoming.files ?? []);
  return db.transaction().execute((trx) => writeBundle(trx, incoming, images, site));
}

/**
 * Puts back content read by readRows before an import ('Undo import'), through the same writes
 * in one transaction; images stay stored, so the file needs none.
 */
export async function restoreBundle(db: Db, previous: Bundle): Promise<ImportPlan> {
  return db.transaction().execute((trx) => writeBundle(trx, previous, []));
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
  const images = await checkFiles(incoming.files ?? []);
  return db.transaction().execute(async (trx) => {
    if (!(await claimSetting(trx, marker.key, marker.value))) return false;
    if (await hasScenes(trx)) return false;
    await writeBundle(trx, incoming, images);
    await alsoWrite?.(trx);
    return true;
  });
}
