import type { Kysely } from 'kysely';
import type {
  FontSettings,
  PlayAdvertisement,
  PlayNewsItem,
  PlaySponsor,
} from '../../../core/api/play.ts';
import {
  getFontSettings,
  getSceneHtml,
  listActiveAds,
  listActiveNews,
  listPlaySponsors,
} from '../../db/repositories/play-content-cache.ts';
import type { Database } from '../../db/schema/database.ts';
import { presentAd, presentNews, presentSponsor } from './present.ts';

/*
 * What every visitor sees the same way (ads, ticker, sponsors, fonts, a scene's HTML section),
 * from the content cache, in the play API's words.
 */

/** Active advertisements, highest priority first. */
export async function listAds(db: Kysely<Database>): Promise<PlayAdvertisement[]> {
  return (await listActiveAds(db)).map(presentAd);
}

/** Active news items, newest first. */
export async function listNews(db: Kysely<Database>): Promise<PlayNewsItem[]> {
  return (await listActiveNews(db)).map(presentNews);
}

/** Sponsors, newest first. */
export async function listSponsors(db: Kysely<Database>): Promise<PlaySponsor[]> {
  return (await listPlaySponsors(db)).map(presentSponsor);
}

/** The font settings, every slot checked (the defaults where unset). */
export function fontSettings(db: Kysely<Database>): Promise<FontSettings> {
  return getFontSettings(db);
}

/** A scene's HTML section, or null when the scene does not exist. */
export async function sceneHtml(db: Kysely<Database>, id: string): Promise<string | null> {
  return (await getSceneHtml(db, id))?.html ?? null;
}
