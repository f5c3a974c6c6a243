import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { comparable } from '../../../core/transfer/comparable.ts';
import type { ImportPlan } from '../../../core/transfer/diff.ts';
import type { Bundle } from '../../../core/transfer/format.ts';
import { type StoryCode, storyCodeSchema } from '../../../core/transfer/story-code.ts';
import { getSetting, setSetting } from '../../db/repositories/settings.ts';
import type { Database } from '../../db/schema/database.ts';

/**
 * The story's identity in Twine (IFID, title, story format) and its story code (JavaScript,
 * stylesheet, code passages, each scene passage's own text: core/transfer/story-code.ts), kept
 * in the settings table under STORY_SETTING so the Twine exports of an imported story bring it
 * back whole (docs/twine.md). It is not one of the exported settings rows: the JSON export
 * carries it as `story`.
 */
export const STORY_SETTING = 'twine_story';

/** A complete identity: the IFID and title are always known. */
export interface Identity {
  ifid: string;
  title: string;
  format: string | null;
  formatVersion: string | null;
  code?: StoryCode | null;
}

/** An IFID (UUID v4 form) made from `seed`: the same seed always gives the same IFID. */
function ifidOf(seed: string): string {
  const h = createHash('sha256').update(seed).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`.toUpperCase();
}

/** A stable Twine IFID for this site, so its exports stay one story in Twine. */
function siteIfid(site: string): string {
  return ifidOf(`seo-adventure:${site}`);
}

/**
 * The IFID of a story file that names none (no StoryData): made from the file's text, so the
 * dry run and the import give the same one, and another file never takes the previous story's.
 */
export function fileIfid(text: string): string {
  return ifidOf(`seo-adventure-file:${text}`);
}

/** The identity stored by an import, or null. */
export async function storedStory(db: Kysely<Database>): Promise<Identity | null> {
  const value = await getSetting<Partial<Identity>>(db, STORY_SETTING);
  if (!value || typeof value.ifid !== 'string' || typeof value.title !== 'string') return null;
  const code = storyCodeSchema.safeParse(value.code);
  return {
    ifid: value.ifid,
    title: value.title,
    format: typeof value.format === 'string' ? value.format : null,
    formatVersion: typeof value.formatVersion === 'string' ? value.formatVersion : null,
    ...(code.success ? { code: code.data } : {}),
  };
}

/** The identity exports use: the stored one, else this site's own (no story format). */
export async function currentStory(db: Kysely<Database>, site: string): Promise<Identity> {
  return (
    (await storedStory(db)) ?? {
      ifid: siteIfid(site),
      title: 'SEO Adventure',
      format: null,
      formatVersion: null,
    }
  );
}

/** The story part of a plan: what the identity becomes (unknown fields keep their value) and whether it changes. */
export async function planStory(
  db: Kysely<Database>,
  site: string,
  incoming: Bundle['story'],
): Promise<ImportPlan['story']> {
  if (!incoming) return undefined;
  const now = await currentStory(db, site);
  const next: Identity = {
    ifid: incoming.ifid ?? now.ifid,
    title: incoming.title ?? now.title,
    format: incoming.format,
    formatVersion: incoming.format ? incoming.formatVersion : null,
  };
  const same = (k: keyof Identity) => next[k] === now[k];
  const code = (c: StoryCode | null | undefined) => comparable({ code: c ?? null });
  const sameCode = code(incoming.code) === code(now.code);
  const changed = !(['ifid', 'title', 'format', 'formatVersion'] as const).every(same) || !sameCode;
  return { ...next, changed, code: incoming.code ?? null };
}

/** Stores the identity a plan names when it changes. */
export async function applyStory(db: Kysely<Database>, plan: ImportPlan): Promise<void> {
  if (!plan.story?.changed) return;
  const { changed: _changed, code, ...identity } = plan.story;
  await setSetting(db, STORY_SETTING, { ...identity, ...(code ? { code } : {}) });
}
