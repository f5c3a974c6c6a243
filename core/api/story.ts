import { z } from 'zod';
import { STAT_KEYS } from '../game/stats.types.ts';
import { itemList } from './admin-scene-options.ts';

/** Texts of the story tools (the spec has none, so they are ours). */
export const STORY_MESSAGES = Object.freeze({
  playtestNotFound: 'This play-test no longer exists. Start a new one from the editor or the map.',
  playtestAdminOnly: 'Play-tests are for admins only',
  sceneNotFound: 'The requested scene could not be found',
});

/** Header that switches a play request to one of the admin's play-test games. */
export const PLAYTEST_HEADER = 'x-playtest-id';
/** Prefix of a play-test game's player id. */
export const PLAYTEST_PREFIX = 'playtest-';

const linkKindSchema = z.enum(['scene', 'pending', 'broken', 'url', 'none']);

const storyMapSceneSchema = z.object({
  id: z.string(),
  title: z.string(),
  isStart: z.boolean(),
  isEnding: z.boolean(),
  isEndOfDay: z.boolean(),
  /** The box's place saved by the author (dragged on the map); null: laid out automatically. */
  x: z.number().nullable(),
  y: z.number().nullable(),
});

const storyMapEdgeSchema = z.object({
  id: z.string(),
  source: z.string(),
  target: z.string().nullable(),
  label: z.string(),
  kind: linkKindSchema,
});

/** GET /api/admin/story-map: every scene and option, classified; the browser lays it out. */
export const storyMapResponseSchema = z.object({
  startId: z.string().nullable(),
  scenes: z.array(storyMapSceneSchema),
  edges: z.array(storyMapEdgeSchema),
  unreachable: z.array(z.string()),
  deadEnds: z.array(z.string()),
  pendingTargets: z.array(z.string()),
  broken: z.array(z.string()),
});
export type StoryMapResponse = z.infer<typeof storyMapResponseSchema>;

/** Most boxes one request may move (a whole imported story laid out at once). */
const MAX_MAP_POSITIONS = 20_000;
const coordinate = z.number().finite().min(-1_000_000).max(1_000_000);

/**
 * PUT /api/admin/story-map/positions: where the author dragged boxes. `x`/`y` null gives a box
 * back to the automatic layout. Unknown scene ids are reported, not saved.
 */
export const mapPositionsSchema = z.object({
  positions: z
    .array(
      z.object({
        id: z.string().trim().min(1).max(200),
        x: coordinate.nullable(),
        y: coordinate.nullable(),
      }),
    )
    .min(1, 'Move at least one box')
    .max(MAX_MAP_POSITIONS, `At most ${MAX_MAP_POSITIONS} boxes at once`),
});
export type MapPositionsInput = z.infer<typeof mapPositionsSchema>;
export const mapPositionsResponseSchema = z.object({
  saved: z.number().int(),
  unknown: z.array(z.string()),
});

/** GET /api/admin/story-map/search?q=: full-text search of the story for the map. */
export const mapSearchQuerySchema = z.object({
  q: z.string().trim().min(1, 'Type something to search for').max(200),
});
const mapSearchFieldSchema = z.enum(['title', 'id', 'description', 'option']);
export const mapSearchResponseSchema = z.object({
  hits: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      /** Where the words were found, first the best place (title before description...). */
      fields: z.array(mapSearchFieldSchema),
      /** A few words around the first match in a description or option, for the result list. */
      snippet: z.string().nullable(),
    }),
  ),
  total: z.number().int(),
});
export type MapSearchResponse = z.infer<typeof mapSearchResponseSchema>;
export type MapSearchHit = MapSearchResponse['hits'][number];

const statValue = z.coerce.number().finite().min(0).max(1_000_000_000);

/**
 * POST /api/admin/playtests: start a test game at a scene, with its stats or chosen values, and
 * the inventory to start with (items and 'Flag: …' story flags, so options that need them can be
 * tested from the editor).
 */
export const startPlaytestSchema = z.object({
  sceneId: z.string().trim().min(1).max(200),
  stats: z.partialRecord(z.enum(STAT_KEYS), statValue).optional(),
  inventory: itemList.optional(),
});
export type StartPlaytestInput = z.infer<typeof startPlaytestSchema>;

export const playtestResponseSchema = z.object({
  playtestId: z.string(),
  sceneId: z.string(),
  sceneTitle: z.string(),
  stats: z.record(z.string(), z.unknown()),
});
export type PlaytestResponse = z.infer<typeof playtestResponseSchema>;
