import type { Kysely } from 'kysely';
import type { FontSettings } from '../../../core/api/play.ts';
import type { Database } from '../schema/database.ts';
import { cached, pending } from './content-cache.ts';
import * as content from './play-content.ts';
import { getSetting as readSetting } from './settings.ts';

/*
 * play-content.ts through the content cache (content-cache.ts): the same functions, the same
 * answers, read from memory after the first time until content changes. Values are frozen.
 */

export type { PlayOptionRow, PlaySceneRow } from './play-content.ts';
export { repairStartScene } from './play-content.ts';

/** One scene for players, or null when it does not exist (cached, including the null). */
export function getPlayScene(db: Kysely<Database>, id: string) {
  return cached(db, `scene:${id}`, () => content.getPlayScene(db, id));
}

/** A scene's html_section, or null when the scene does not exist. */
export function getSceneHtml(db: Kysely<Database>, id: string) {
  return cached(db, `html:${id}`, () => content.getSceneHtml(db, id));
}

/** A scene's options in their stored order, or only the one with `optionId` (a hit: no promise). */
export function listPlayOptions(
  db: Kysely<Database>,
  sceneId: string,
  optionId?: string,
): readonly content.PlayOptionRow[] | Promise<readonly content.PlayOptionRow[]> {
  const all = cached(db, `options:${sceneId}`, () => content.listPlayOptions(db, sceneId));
  const pick = (rows: readonly content.PlayOptionRow[]) =>
    optionId === undefined ? rows : rows.filter((o) => o.id === optionId);
  return pending(all) ? all.then(pick) : pick(all);
}

/** A scene's title, or null when it does not exist (from the cached scene). */
export async function getSceneTitle(db: Kysely<Database>, id: string): Promise<string | null> {
  return (await getPlayScene(db, id))?.title ?? null;
}

/** The scenes core's start and fallback rules can pick. */
export function listStartCandidates(db: Kysely<Database>) {
  return cached(db, 'start-candidates', () => content.listStartCandidates(db));
}

/** Active random events, newest first. */
export function listActiveEvents(db: Kysely<Database>) {
  return cached(db, 'events', () => content.listActiveEvents(db));
}

/** Active advertisements, highest priority first. */
export function listActiveAds(db: Kysely<Database>) {
  return cached(db, 'ads', () => content.listActiveAds(db));
}

/** Active news items, newest first. */
export function listActiveNews(db: Kysely<Database>) {
  return cached(db, 'news', () => content.listActiveNews(db));
}

/** Sponsors, newest first. */
export function listPlaySponsors(db: Kysely<Database>) {
  return cached(db, 'sponsors', () => content.listPlaySponsors(db));
}

/** font_settings with every slot checked. */
export async function getFontSettings(db: Kysely<Database>): Promise<FontSettings> {
  return cached(db, 'fonts', () => content.getFontSettings(db));
}

/** A setting's value (parsed JSON), or null when the key is not stored. */
export async function getSetting<T>(db: Kysely<Database>, key: string): Promise<T | null> {
  return cached(db, `setting:${key}`, () => readSetting<T>(db, key));
}
