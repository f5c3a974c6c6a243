import type {
  PlayAdvertisement,
  PlayRandomEvent,
  SceneNotFound,
} from '../../../../core/api/play.ts';
import { STAT_KEYS } from '../../../../core/game/stats.types.ts';

/**
 * Shape checks for what the browser itself carries (navigation state survives reloads and can be
 * anything) and for error bodies. The play API's answers are typed by core/api/play.ts and
 * checked by the server; the player's bundle leaves zod out.
 */
type Dict = Record<string, unknown>;

function isDict(value: unknown): value is Dict {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
const isString = (v: unknown): v is string => typeof v === 'string';
const isNullableString = (v: unknown): v is string | null => v === null || isString(v);
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** A random event as the choice answer carries it. */
export function isRandomEvent(value: unknown): value is PlayRandomEvent {
  return (
    isDict(value) &&
    isString(value.id) &&
    isString(value.title) &&
    isString(value.description) &&
    (value.mediaType === 'image' || value.mediaType === 'video') &&
    isNullableString(value.mediaUrl) &&
    isNullableString(value.videoEmbedCode) &&
    Array.isArray(value.changes) &&
    value.changes.every(
      (c) => isDict(c) && (STAT_KEYS as readonly unknown[]).includes(c.stat) && isNumber(c.delta),
    )
  );
}

/** An advertisement as the choice answer carries it. */
export function isAdvertisement(value: unknown): value is PlayAdvertisement {
  return (
    isDict(value) &&
    isString(value.id) &&
    isString(value.title) &&
    isNullableString(value.description) &&
    isNullableString(value.imageUrl) &&
    isString(value.ctaText) &&
    isNullableString(value.ctaLink) &&
    isNumber(value.priority)
  );
}

/** The 404 body of GET /api/play/scenes/:id. */
export function isSceneNotFound(value: unknown): value is SceneNotFound {
  return (
    isDict(value) &&
    isString(value.error) &&
    isString(value.message) &&
    isNullableString(value.fallbackSceneId)
  );
}
