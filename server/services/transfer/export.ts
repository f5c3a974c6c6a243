import type { Kysely } from 'kysely';
import {
  type Bundle,
  FORMAT_NAME,
  FORMAT_VERSION,
  KIND_NAMES,
  KINDS,
  type Kind,
} from '../../../core/transfer/format.ts';
import { filesByHash, listRowsPage } from '../../db/repositories/content-rows.ts';
import type { Database } from '../../db/schema/database.ts';
import { beginProgress, endProgress, Pace } from './jobs.ts';
import { STORY_SETTING, storedStory } from './story-identity.ts';

/* The adventure read out of the database: every row as the file carries it, the JSON export. */

type Db = Kysely<Database>;

/** An image's address in a row: /uploads/{hash}.{ext}. */
export const UPLOAD_URL = /\/uploads\/([a-f0-9]{64})\.[a-z]+/g;

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
  const progress = beginProgress(db, 'export');
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
    endProgress(db, progress);
  }
}
