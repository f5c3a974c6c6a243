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

export const storyMapSceneSchema = z.object({
  id: z.string(),
  title: z.string(),
  isStart: z.boolean(),
  isEnding: z.boolean(),
  isEndOfDay: z.boolean(),
});

export const storyMapEdgeSchema = z.object({
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
export type StoryMapScene = z.infer<typeof storyMapSceneSchema>;
export type StoryMapEdge = z.infer<typeof storyMapEdgeSchema>;

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
