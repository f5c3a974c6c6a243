import type {
  ChoiceChanges,
  PlayAdvertisement,
  PlayerGame,
  PlayNewsItem,
  PlayRandomEvent,
  PlaySponsor,
} from '../../../core/api/play.ts';
import { DEFAULT_AD_CTA } from '../../../core/game/cadence.ts';
import type { ChangeColumn } from '../../../core/game/change-columns.ts';
import { POSITION_REVEALED_FLAG, visibleInventory } from '../../../core/game/items.ts';
import { eventChangeLines } from '../../../core/game/random-event.ts';
import { recapOf } from '../../../core/game/recap.ts';
import { searchPosition } from '../../../core/game/search-position.ts';
import type { StatDiff } from '../../../core/game/stat-diff.ts';
import { toItemList, toNumber } from '../../../core/game/stats.ts';
import type { PlayerStats } from '../../../core/game/stats.types.ts';
import type { StepChanges } from '../../../core/game/step.ts';
import type { RandomEventsTable } from '../../db/schema/random-events.ts';

/**
 * The player's game as the API returns it: only the items players see (docs/scene-layout.md
 * "What players are sent"), the search position once revealed, and on an ending (`isEnding`, the
 * saved scene's) the game is finished and carries its recap, with the day each lesson was
 * learned (`lessonDays`, server/services/play/lesson-days.ts).
 */
export function presentGame(p: {
  currentSceneId: string | null;
  currentSceneTitle: string | null;
  stats: PlayerStats;
  isGuest: boolean;
  sceneCount: number;
  choiceCount: number;
  isEnding?: boolean;
  lessonDays?: Record<string, number>;
}): PlayerGame {
  const finished = p.currentSceneId !== null && p.isEnding === true;
  const inventory = toItemList(p.stats.inventory);
  const revealed = finished || inventory.includes(POSITION_REVEALED_FLAG);
  return {
    currentSceneId: p.currentSceneId,
    currentSceneTitle: p.currentSceneTitle,
    stats: { ...p.stats, inventory: visibleInventory(inventory) },
    hasProgress: p.currentSceneId !== null,
    isGuest: p.isGuest,
    sceneCount: p.sceneCount,
    choiceCount: p.choiceCount,
    finished,
    searchPosition: revealed ? searchPosition(toNumber(p.stats.health)) : null,
    recap: finished ? recapOf(inventory, p.lessonDays) : null,
  };
}

/** One diff as players are told it: the items they do not see left out. */
function presentDiff(diff: StatDiff): StatDiff {
  const seen = (item: string) => visibleInventory([item]).length > 0;
  return { ...diff, gained: diff.gained.filter(seen), lost: diff.lost.filter(seen) };
}

/**
 * What a step changed as players are told it (docs/scene-layout.md "What players are sent"),
 * with the option's why line (null when it has none).
 */
export function presentChanges(changes: StepChanges, why: string | null): ChoiceChanges {
  return {
    choice: presentDiff(changes.choice),
    event: changes.event ? { ...changes.event, ...presentDiff(changes.event) } : null,
    arrival: presentDiff(changes.arrival),
    why: why?.trim() || null,
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
    imageUrl: r.image_url,
    ctaText: r.cta_text?.trim() ? r.cta_text : DEFAULT_AD_CTA,
    ctaLink: r.cta_link,
    priority: Number(r.priority),
  };
}

/**
 * A random event (admin-authored or the guest event) as players see it: its `*_change` columns
 * become the non-zero stat changes in the rules' order.
 */
export function presentEvent(
  e: Pick<
    RandomEventsTable,
    'id' | 'title' | 'description' | 'media_type' | 'media_url' | 'video_embed_code'
  > &
    Partial<Record<ChangeColumn, unknown>>,
): PlayRandomEvent {
  return {
    id: e.id,
    title: e.title,
    description: e.description,
    mediaType: e.media_type === 'video' ? 'video' : 'image',
    mediaUrl: e.media_url,
    videoEmbedCode: e.video_embed_code,
    changes: eventChangeLines(e).map((line) => ({ stat: line.key, delta: line.delta })),
  };
}

/** A news item as players see it. */
export function presentNews(n: {
  id: string;
  content: string;
  link: string | null;
  created_at: string;
}): PlayNewsItem {
  return { id: n.id, content: n.content, link: n.link, createdAt: n.created_at };
}

/** A sponsor as players see it. */
export function presentSponsor(s: {
  id: string;
  name: string;
  url: string | null;
  image_url: string | null;
}): PlaySponsor {
  return { id: s.id, name: s.name, url: s.url, imageUrl: s.image_url };
}
