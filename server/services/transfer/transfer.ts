import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
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
import { json } from '../../db/repositories/values.ts';
import type { Database } from '../../db/schema/database.ts';

type Db = Kysely<Database>;
type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

/** Columns stored as booleans (1/0 on SQLite). */
const BOOL_COLUMNS = new Set(['is_end_of_day', 'is_ending', 'is_start', 'is_active', 'active']);
const UPLOAD_URL = /\/uploads\/([a-f0-9]{64})\.[a-z]+/g;

/** A database row as a file row: booleans true/false, JSON parsed, timestamps ISO. */
function fromDb(kind: Kind, row: Record<string, unknown>): Record<string, unknown> {
  const jsonColumns: readonly string[] = KINDS[kind].json;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if (jsonColumns.includes(k)) out[k] = typeof v === 'string' ? json<unknown>(v, v) : (v ?? null);
    else if (BOOL_COLUMNS.has(k)) out[k] = v === true || v === 1;
    else if (v instanceof Date) out[k] = v.toISOString();
    else out[k] = v;
  }
  return out;
}

/** A file row as a database row: JSON columns as text. */
function toDb(kind: Kind, row: Record<string, unknown>): Record<string, unknown> {
  const jsonColumns: readonly string[] = KINDS[kind].json;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    out[k] = jsonColumns.includes(k) && v !== null ? JSON.stringify(v) : v;
  }
  return out;
}

/** Every row of every kind, as the file carries it (validated, so both sides compare alike). */
async function readRows(db: Db): Promise<Bundle> {
  const any = db as unknown as AnyDb;
  const bundle: Record<string, unknown> = { format: FORMAT_NAME, version: FORMAT_VERSION };
  for (const kind of KIND_NAMES) {
    const { table, key, schema } = KINDS[kind];
    const rows = await any.selectFrom(table).selectAll().orderBy(key).execute();
    bundle[kind] = rows.map((r) => schema.parse(fromDb(kind, r)));
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
  const hashes = [...usedHashes(bundle)];
  const files: FileRow[] = [];
  if (hashes.length > 0) {
    const rows = await db
      .selectFrom('files')
      .select(['hash', 'ext', 'mime', 'bucket', 'width', 'height', 'data'])
      .where('hash', 'in', hashes)
      .orderBy('hash')
      .execute();
    for (const r of rows) {
      files.push({
        ...r,
        ext: r.ext as FileRow['ext'],
        data: Buffer.from(r.data).toString('base64'),
      });
    }
  }
  return { ...bundle, exportedAt: new Date().toISOString(), files };
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

/** The dry run: what importing `incoming` would add, change and remove. Writes nothing. */
export async function dryRunImport(db: Db, incoming: Bundle): Promise<ImportPlan> {
  await checkFiles(incoming.files ?? []);
  const current = await readRows(db);
  const hashes = (incoming.files ?? []).map((f) => f.hash);
  const have =
    hashes.length > 0
      ? await db.selectFrom('files').select('hash').where('hash', 'in', hashes).execute()
      : [];
  return planImport(
    { ...current, files: have.map((h) => ({ hash: h.hash }) as FileRow) },
    incoming,
  );
}

async function applyKind(
  trx: Transaction<Database>,
  kind: Kind,
  rows: Record<string, unknown>[],
  plan: ImportPlan,
) {
  const diff = plan.kinds[kind];
  if (!diff) return;
  const { table, key } = KINDS[kind];
  const any = trx as unknown as AnyDb;
  const byKey = new Map(rows.map((r) => [String(r[key]), r]));
  for (const k of diff.changed) {
    const { [key]: _key, ...values } = toDb(kind, byKey.get(k) as Record<string, unknown>);
    await any.updateTable(table).set(values).where(key, '=', k).execute();
  }
  for (const k of diff.added) {
    await any
      .insertInto(table)
      .values(toDb(kind, byKey.get(k) as Record<string, unknown>))
      .execute();
  }
}

/**
 * Applies an import in ONE transaction: removed options and scenes first, then every kind's
 * changed and added rows (scenes before their options), then the new images. Any failure rolls
 * everything back, so nothing is half-imported. Returns what was done.
 */
export async function applyImport(db: Db, incoming: Bundle): Promise<ImportPlan> {
  const data = await checkFiles(incoming.files ?? []);
  const plan = await dryRunImport(db, incoming);
  await db.transaction().execute(async (trx) => {
    const any = trx as unknown as AnyDb;
    // Options before scenes: removing a scene takes its options with it (FK cascade), and an
    // option may move to a scene that is removed.
    for (const kind of ['options', 'scenes', ...KIND_NAMES.slice(2)] as Kind[]) {
      const removed = plan.kinds[kind]?.removed ?? [];
      const { table, key } = KINDS[kind];
      for (let i = 0; i < removed.length; i += 500) {
        await any
          .deleteFrom(table)
          .where(key, 'in', removed.slice(i, i + 500))
          .execute();
      }
    }
    for (const kind of KIND_NAMES) {
      const rows = incoming[kind] as Record<string, unknown>[] | undefined;
      if (rows) await applyKind(trx, kind, rows, plan);
    }
    for (const [i, f] of (incoming.files ?? []).entries()) {
      const bytes = data[i] as Buffer;
      await trx
        .insertInto('files')
        .values({
          hash: f.hash,
          ext: f.ext,
          mime: f.mime,
          bucket: f.bucket,
          size: bytes.length,
          width: f.width,
          height: f.height,
          data: bytes,
          created_at: new Date().toISOString(),
        })
        .onConflict((oc) => oc.column('hash').doNothing())
        .execute();
    }
  });
  return plan;
}
