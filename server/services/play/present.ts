import type { PlayAdvertisement, PlayerGame, PlayRandomEvent } from '../../../core/api/play.ts';
import { DEFAULT_AD_CTA } from '../../../core/game/cadence.ts';
import { CHANGE_COLUMN_NAMES } from '../../../core/game/change-columns.ts';
import { toNumber } from '../../../core/game/stats.ts';
import type { PlayerStats } from '../../../core/game/stats.types.ts';

/** The player's game as the API returns it. */
export function presentGame(p: {
  currentSceneId: string | null;
  currentSceneTitle: string | null;
  stats: PlayerStats;
  isGuest: boolean;
  sceneCount: number;
  choiceCount: number;
}): PlayerGame {
  return {
    currentSceneId: p.currentSceneId,
    currentSceneTitle: p.currentSceneTitle,
    stats: { ...p.stats, inventory: [...p.stats.inventory] },
    hasProgress: p.currentSceneId !== null,
    isGuest: p.isGuest,
    sceneCount: p.sceneCount,
    choiceCount: p.choiceCount,
  };
}

/** An advertisement row as players see it ('Learn More' when the CTA is empty). */
export function presentAd(r: {
  id: string;
  title: string;
  description: string | null;
  image_url: string | null;
  cta_text: string | null;
  cta_link: string | null;
  priority: number;
}): PlayAdvertisement {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    image_url: r.image_url,
    cta_text: r.cta_text?.trim() ? r.cta_text : DEFAULT_AD_CTA,
    cta_link: r.cta_link,
    priority: Number(r.priority),
  };
}

/** A random event (admin-authored or the guest event) as players see it, changes as numbers. */
export function presentEvent(e: {
  id: string;
  title: string;
  description: string;
  media_type: string;
  media_url: string | null;
  video_embed_code: string | null;
}): PlayRandomEvent {
  const changes = Object.fromEntries(
    CHANGE_COLUMN_NAMES.map((c) => [c, toNumber((e as Record<string, unknown>)[c])]),
  ) as Pick<PlayRandomEvent, (typeof CHANGE_COLUMN_NAMES)[number]>;
  return {
    id: e.id,
    title: e.title,
    description: e.description,
    media_type: e.media_type === 'video' ? 'video' : 'image',
    media_url: e.media_url,
    video_embed_code: e.video_embed_code,
    ...changes,
  };
}
