import { z } from 'zod';
import { SCENE_ID_PATTERN } from '../content/scenes.ts';
import { PENDING_PREFIX } from '../game/links.ts';
import {
  adminOptionSchema,
  optionInputSchema,
  sceneOptionInputSchema,
} from './admin-scene-options.ts';
import { errorResponseSchema, isImageRef } from './admin-world.ts';
import { sceneHeadingFields } from './play.ts';

/** Scene admin texts (product rules "Validation" 'Scene', "Messages" rules 'Scene admin'); the ones the spec does not give are ours. */
export const SCENE_MESSAGES = Object.freeze({
  idRequired: 'Scene must have an ID',
  titleRequired: 'Scene must have a title',
  idTaken: 'Scene ID already exists in the database',
  idFormat: 'Scene ID may only use letters, digits, hyphens and underscores',
  idPending: `Scene ID cannot start with '${PENDING_PREFIX}': that prefix marks placeholders`,
  dayMin: 'Game day must be a whole number of at least 1',
  notFound: 'The requested scene could not be found',
  imageUrl: 'Image must be an uploaded image or an http(s) URL',
  conflict: 'Someone else saved this scene after you opened it',
  endingAsStart:
    'An ending cannot be the initial scene: a new game would end before its first choice. Turn off "Ending Scene" first, or choose another scene.',
  startAsEnding:
    'This is the initial scene, so it cannot be an ending: a new game would end before its first choice. Make another scene the initial scene first.',
});

/** The longest scene id accepted (ids appear in URLs). */
const SCENE_ID_MAX = 100;
/** Scenes per page of the admin list unless asked otherwise. */
const SCENE_PAGE_SIZE = 24;
/** The most scenes one list request returns. */
const SCENE_PAGE_SIZE_MAX = 100;
/** How many previous scenes the stats reference table shows (product rules "Limits"). */
export const STATS_REFERENCE_LIMIT = 10;

/** A scene id: required, URL-safe, never a placeholder id. */
export const sceneIdSchema = z
  .string()
  .trim()
  .min(1, SCENE_MESSAGES.idRequired)
  .max(SCENE_ID_MAX, `Scene ID must be at most ${SCENE_ID_MAX} characters`)
  .regex(SCENE_ID_PATTERN, SCENE_MESSAGES.idFormat)
  .refine((id) => !id.startsWith(PENDING_PREFIX), SCENE_MESSAGES.idPending);

/**
 * '<label> must be at most 2,000 characters'. The digits are grouped by hand: these messages are
 * built when the server loads its schemas, and a first `toLocaleString` there mapped ~6 MB of
 * Node's ICU data into the server's memory for good.
 */
export function atMostCharacters(label: string, max: number): string {
  const grouped = String(max).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${label} must be at most ${grouped} characters`;
}

const optionalText = (max: number, label = 'This field') =>
  z
    .string()
    .max(max, atMostCharacters(label, max))
    .nullish()
    .transform((v) => (v === undefined || v === null || v.trim() === '' ? null : v));

/** An image URL as stored: one of our uploads or an http(s) address. */
const imageUrlSchema = optionalText(2000, 'Image URL').refine(
  (v) => v === null || isImageRef(v),
  SCENE_MESSAGES.imageUrl,
);

/** One stat of a scene's stats_config as the editor sends it (product rules "Content" 'Stat definition'). */
const statDefinitionSchema = z.object({
  id: z.string().max(100),
  name: z.string().max(100),
  defaultValue: z.union([z.number(), z.string().max(40)]),
  description: z.string().max(1000).optional(),
  icon: z.string().max(100).optional(),
});
export type StatDefinitionInput = z.infer<typeof statDefinitionSchema>;

/** A stored stat definition, as the server returns it. */
const statDefinitionViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  defaultValue: z.number(),
  description: z.string().optional(),
  icon: z.string().optional(),
});

/** The longest texts of a scene, shown as counters in the editor. */
export const SCENE_LIMITS = Object.freeze({
  title: 200,
  subtitle: 300,
  description: 100_000,
  htmlSection: 100_000,
  reference: 5000,
  aiInstructions: 5000,
});

/** The editable fields of a scene (Scene Details card). */
export const sceneFieldsSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, SCENE_MESSAGES.titleRequired)
    .max(SCENE_LIMITS.title, `Title must be at most ${SCENE_LIMITS.title} characters`),
  subtitle: optionalText(SCENE_LIMITS.subtitle, 'Subtitle'),
  description: optionalText(SCENE_LIMITS.description, 'Description'),
  imageUrl: imageUrlSchema,
  htmlSection: optionalText(SCENE_LIMITS.htmlSection, 'Embedded HTML'),
  reference: optionalText(SCENE_LIMITS.reference, 'Reference'),
  aiInstructions: optionalText(SCENE_LIMITS.aiInstructions, 'AI Instructions'),
  day: z.number().int(SCENE_MESSAGES.dayMin).min(1, SCENE_MESSAGES.dayMin).nullish().default(null),
  isEnding: z.boolean().default(false),
  isEndOfDay: z.boolean().default(false),
});

/** A scene as the admin editor sees it. */
const adminSceneSchema = z.object({
  ...sceneHeadingFields,
  htmlSection: z.string().nullable(),
  reference: z.string().nullable(),
  aiInstructions: z.string().nullable(),
  day: z.number().nullable(),
  isEnding: z.boolean(),
  isEndOfDay: z.boolean(),
  isStart: z.boolean(),
  /** Clean stat definitions, or null when the scene has no usable stats_config. */
  statsConfig: z.array(statDefinitionViewSchema).nullable(),
  updatedAt: z.string(),
  /** Raised by every save; an update must name it (a stale one is answered 409). */
  version: z.number(),
});
export type AdminScene = z.infer<typeof adminSceneSchema>;

/** One row of the Scenes Management list. */
const sceneSummarySchema = adminSceneSchema.pick({
  id: true,
  title: true,
  subtitle: true,
  reference: true,
  isStart: true,
  updatedAt: true,
});
export type SceneSummary = z.infer<typeof sceneSummarySchema>;

/** GET /api/admin/scenes query: search over title, description and id, one page at a time. */
export const sceneListQuerySchema = z.object({
  q: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(SCENE_PAGE_SIZE_MAX).default(SCENE_PAGE_SIZE),
});

/** GET /api/admin/scenes response. */
export const sceneListResponseSchema = z.object({
  scenes: z.array(sceneSummarySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type SceneListResponse = z.infer<typeof sceneListResponseSchema>;

/** Path parameter of the scene routes. */
export const sceneIdParamsSchema = z.object({ id: z.string().min(1).max(200) });

/**
 * POST /api/admin/scenes: a new scene. `isStart` makes it the one initial scene (product rules "Play": an
 * unsaved scene is only marked, and set on save). `statsConfig` is stored when given;
 * `options` are saved with the scene in the same transaction (dialog options of an unsaved
 * scene, AI drafts).
 */
export const createSceneSchema = sceneFieldsSchema.extend({
  id: sceneIdSchema,
  isStart: z.boolean().default(false),
  statsConfig: z.array(statDefinitionSchema).max(50).optional(),
  options: z.array(optionInputSchema).max(50).default([]),
});
export type CreateSceneInput = z.input<typeof createSceneSchema>;

/**
 * PUT /api/admin/scenes/:id: the scene's fields; `statsConfig` only when the admin changed the
 * stats table. `version` is the version the editor loaded: when someone saved since, the answer
 * is 409 with the scene as it is now (scripts that leave it out overwrite). `options`, when sent,
 * is the scene's whole option list (listed ids rewritten, new ones added, the rest deleted);
 * `addOptions` are appended.
 */
export const updateSceneSchema = sceneFieldsSchema.extend({
  version: z.number().int().min(1).optional(),
  statsConfig: z.array(statDefinitionSchema).max(50).optional(),
  options: z.array(sceneOptionInputSchema).max(50).optional(),
  addOptions: z.array(optionInputSchema).max(50).default([]),
});
export type UpdateSceneInput = z.input<typeof updateSceneSchema>;

/** A scene with its options: the answer of every scene save. */
export const sceneWithOptionsSchema = z.object({
  scene: adminSceneSchema,
  options: z.array(adminOptionSchema),
});
export type SceneWithOptions = z.infer<typeof sceneWithOptionsSchema>;

/** 409 of a stale scene save: the scene and options as someone else saved them. */
export const sceneConflictSchema = errorResponseSchema.extend({ current: sceneWithOptionsSchema });
export type SceneConflict = z.infer<typeof sceneConflictSchema>;

/** An option of another scene that leads to this one. */
const incomingLinkSchema = z.object({
  sceneId: z.string(),
  sceneTitle: z.string(),
  optionId: z.string(),
  optionText: z.string(),
});
export type IncomingLink = z.infer<typeof incomingLinkSchema>;
/** GET /api/admin/scenes/:id/incoming response: what a delete would break. */
export const incomingLinksResponseSchema = z.object({ links: z.array(incomingLinkSchema) });

/**
 * DELETE /api/admin/scenes/:id query: `links=placeholder` turns the options that lead to the
 * scene into placeholders (pending-{id}), which join a scene created later with that id.
 */
export const deleteSceneQuerySchema = z.object({
  links: z.enum(['keep', 'placeholder']).default('keep'),
});

/** GET /api/admin/scenes/:id response. */
export const sceneResponseSchema = z.object({ scene: adminSceneSchema });

/** PUT /api/admin/scenes/:id/stats body: the stats table. */
export const saveStatsSchema = z.object({
  statsConfig: z.array(statDefinitionSchema).max(50),
});
/** The stats_config read back after saving (null when nothing usable was stored). */
export const saveStatsResponseSchema = z.object({
  statsConfig: z.array(statDefinitionViewSchema).nullable(),
});

/** GET /api/admin/scene-stats/references: the latest scenes with a stats_config. */
export const statsReferenceQuerySchema = z.object({ exclude: z.string().max(200).optional() });
export const statsReferenceResponseSchema = z.object({
  scenes: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      statsConfig: z.array(statDefinitionViewSchema),
    }),
  ),
});
export type StatsReference = z.infer<typeof statsReferenceResponseSchema>['scenes'][number];

/** POST /api/admin/scenes/:id/initial response. */
export const setInitialResponseSchema = z.object({ id: z.string() });

/** POST /api/admin/ai/scene body (product rules "Validation" 'AI generation'). */
export const aiSceneRequestSchema = z.object({
  title: z.string().max(200),
  instructions: z.string().max(5000).nullish(),
});
/** A generated scene for review: a description and exactly 4 options. */
export const aiSceneDraftSchema = z.object({
  description: z.string(),
  options: z.array(
    z.object({
      text: z.string(),
      nextSceneId: z.string(),
      statChanges: z.record(z.string(), z.union([z.number(), z.array(z.string())])),
      /** Why the option helps or hurts, when the model wrote one (at most 300 characters). */
      why: z.string().optional(),
    }),
  ),
});
export type AiSceneDraft = z.infer<typeof aiSceneDraftSchema>;
/** GET /api/admin/ai/status: whether a provider is configured, and which model. */
export const aiStatusSchema = z.object({ configured: z.boolean(), model: z.string() });
export type AiStatus = z.infer<typeof aiStatusSchema>;
