import { z } from 'zod';
import { OPTION_WHY_MAX } from '../content/scenes.ts';
import { STAT_KEYS } from '../game/stats.types.ts';
import { isHttpUrl } from './admin-world.ts';

/** Option dialog texts (product rules "Validation" 'Option (admin)'); the URL format one is ours. */
export const OPTION_MESSAGES = Object.freeze({
  textRequired: 'Option text is required',
  urlRequired: 'Please provide a URL',
  urlFormat: 'URL must start with http:// or https://',
  nextRequired: 'Please select a next scene or create a placeholder',
  connected: 'Connected to existing scene',
  notFound: 'The option could not be found',
  whyTooLong: `The why line must be at most ${OPTION_WHY_MAX} characters`,
});

const delta = z.number().finite().min(-1_000_000).max(1_000_000);
/** A list of inventory item names (items, 'Flag: …', 'Lesson: …', 'Bought: …'). */
export const itemList = z.array(z.string().trim().min(1).max(100)).max(50);

/** What an option does to the stats: any of the seven deltas plus inventory lists (product rules "Content"). */
const statChangesSchema = z
  .object({
    health: delta.optional(),
    strength: delta.optional(),
    intelligence: delta.optional(),
    charisma: delta.optional(),
    gold: delta.optional(),
    delusion: delta.optional(),
    revenue: delta.optional(),
    addInventory: itemList.optional(),
    removeInventory: itemList.optional(),
  })
  .strict();
export type StatChangesInput = z.infer<typeof statChangesSchema>;

/** Minimum stat values an option needs, by stat key. */
const requiredStatsSchema = z
  .object(Object.fromEntries(STAT_KEYS.map((k) => [k, z.number().finite().min(0).optional()])))
  .strict();

const optionFields = {
  text: z.string().trim().max(500, 'Option text must be at most 500 characters'),
  /** Why the option helped or hurt, said to the player after the choice; '' for none. */
  why: z.string().trim().max(OPTION_WHY_MAX, OPTION_MESSAGES.whyTooLong).default(''),
  destinationType: z.enum(['scene', 'url']),
  nextSceneId: z.string().trim().max(200).default(''),
  isPlaceholder: z.boolean().default(false),
  nextUrl: z.string().trim().max(2000).default(''),
  statChanges: statChangesSchema.default({}),
  requiredStats: requiredStatsSchema.nullish().default(null),
  requiredItems: itemList.nullish().default(null),
};

/** The spec's messages for a missing text or destination, on the field they concern. */
function checkOption(
  o: { text: string; destinationType: 'scene' | 'url'; nextUrl: string; nextSceneId: string },
  ctx: z.RefinementCtx,
): void {
  if (o.text === '') {
    ctx.addIssue({ code: 'custom', path: ['text'], message: OPTION_MESSAGES.textRequired });
  }
  if (o.destinationType === 'url') {
    if (o.nextUrl === '') {
      ctx.addIssue({ code: 'custom', path: ['nextUrl'], message: OPTION_MESSAGES.urlRequired });
    } else if (!isHttpUrl(o.nextUrl)) {
      ctx.addIssue({ code: 'custom', path: ['nextUrl'], message: OPTION_MESSAGES.urlFormat });
    }
  } else if (o.nextSceneId === '') {
    ctx.addIssue({ code: 'custom', path: ['nextSceneId'], message: OPTION_MESSAGES.nextRequired });
  }
}

/**
 * An option as the dialog sends it. Destination 'scene' goes to `nextSceneId` (an existing
 * scene, or with `isPlaceholder` a label saved as pending-{slug} unless it names an existing
 * scene); 'url' opens `nextUrl`. Validation gives the spec's messages on the field they concern.
 */
export const optionInputSchema = z.object(optionFields).superRefine(checkOption);

/**
 * An option inside a whole-scene save: with `id` it rewrites that option, without it adds one;
 * the scene's options not listed are deleted ('One scene, one save').
 */
export const sceneOptionInputSchema = z
  .object({ ...optionFields, id: z.string().min(1).max(200).optional() })
  .superRefine(checkOption);
export type SceneOptionInput = z.input<typeof sceneOptionInputSchema>;
export type SceneOptionInputParsed = z.output<typeof sceneOptionInputSchema>;
export type OptionInput = z.input<typeof optionInputSchema>;
export type OptionInputParsed = z.output<typeof optionInputSchema>;

/** An option as the editor lists it. */
export const adminOptionSchema = z.object({
  id: z.string(),
  sceneId: z.string(),
  position: z.number(),
  text: z.string(),
  /** Why the option helped or hurt (shown after the choice); null when none is written. */
  why: z.string().nullable(),
  nextSceneId: z.string().nullable(),
  nextUrl: z.string().nullable(),
  /** Title of the next scene when it exists; null for pending links, URLs and missing scenes. */
  nextSceneTitle: z.string().nullable(),
  isPending: z.boolean(),
  /** It names a scene id that no scene has (deleted or mistyped): players cannot follow it. */
  isBroken: z.boolean(),
  statChanges: statChangesSchema,
  requiredStats: z.record(z.string(), z.number()).nullable(),
  requiredItems: z.array(z.string()).nullable(),
});
export type AdminOption = z.infer<typeof adminOptionSchema>;

/** Response of adding or updating an option: the option and the scene a placeholder joined. */
export const optionSaveResponseSchema = z.object({
  option: adminOptionSchema,
  connectedTo: z.object({ id: z.string(), title: z.string() }).nullable(),
});
export type OptionSaveResponse = z.infer<typeof optionSaveResponseSchema>;

/** GET /api/admin/scenes/:id/options response. */
export const optionListResponseSchema = z.object({ options: z.array(adminOptionSchema) });

/** GET /api/admin/scene-links/match: where a placeholder label would lead. */
export const placeholderMatchQuerySchema = z.object({ label: z.string().max(200) });
export const placeholderMatchResponseSchema = z.object({
  pendingId: z.string(),
  scene: z.object({ id: z.string(), title: z.string() }).nullable(),
});
export type PlaceholderMatch = z.infer<typeof placeholderMatchResponseSchema>;

/** Path parameters of one option. */
export const optionParamsSchema = z.object({
  id: z.string().min(1).max(200),
  optionId: z.string().min(1).max(200),
});
