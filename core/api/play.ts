/**
 * Contract of the play API (`/api/play/*`, `/api/live`), shared by the server and the browser.
 * The server decides every rule; the browser only displays these shapes and names options.
 * One vocabulary: scene and option, camelCase fields. The tables keep the product's names
 * (scenarios, scenario_choices, snake_case columns); the repositories map between the two.
 */
import { z } from 'zod';
import { STAT_KEYS } from '../game/stats.types.ts';
import { codedErrorSchema, errorFields } from './errors.ts';
import { SCENES_BATCH_MAX } from './play-constants.ts';

/**
 * The seven stats plus inventory. Players are sent only the items they see (core/game/items.ts
 * visibleInventory: inventory items and 'Lesson: …' lessons learned, never story flags or
 * receipts); admin reads carry the whole inventory.
 */
export const playerStatsSchema = z.object({
  health: z.number(),
  strength: z.number(),
  intelligence: z.number(),
  charisma: z.number(),
  gold: z.number(),
  delusion: z.number(),
  revenue: z.number(),
  inventory: z.array(z.string()),
});
export type PlayerStatsView = z.infer<typeof playerStatsSchema>;

/** The player's game as the browser sees it. */
export const playerGameSchema = z.object({
  /** Saved scene, or null when the player never started. */
  currentSceneId: z.string().nullable(),
  /** Title of the saved scene; null when there is none or it no longer exists ('Unknown'). */
  currentSceneTitle: z.string().nullable(),
  stats: playerStatsSchema,
  /** True when there is a saved scene to continue. */
  hasProgress: z.boolean(),
  isGuest: z.boolean(),
  /** Scenes reached so far (drives the advertisement cadence). */
  sceneCount: z.number().int(),
  /** Choices made so far (drives signed-in random events). */
  choiceCount: z.number().int(),
  /** The saved scene is an ending: the game is over ('Play again', not 'Continue Adventure'). */
  finished: z.boolean().default(false),
  /**
   * The shop's search position for its main search, once the story has revealed it (or the game
   * is over); null before (core/game/items.ts POSITION_REVEALED_FLAG).
   */
  searchPosition: z.number().int().nullable().default(null),
  /**
   * On an ending: the lessons learned and shortcuts bought on this path, and the game day each
   * lesson was learned on, by lesson (core/game/recap.ts).
   */
  recap: z
    .object({
      lessons: z.array(z.string()),
      bought: z.array(z.string()),
      lessonDays: z.record(z.string(), z.number()).default({}),
    })
    .nullable()
    .default(null),
});
export type PlayerGame = z.infer<typeof playerGameSchema>;

/**
 * 'Saves survive edits': the saved scene was deleted ('scene-removed') or no longer has
 * any option to take ('scene-changed'); Continue Adventure then resumes at `sceneId`, the nearest
 * scene on the player's own path that still works (else the start scene), stats kept.
 */
export const gameRecoverySchema = z.object({
  reason: z.enum(['scene-removed', 'scene-changed']),
  sceneId: z.string(),
  sceneTitle: z.string(),
});
export type GameRecovery = z.infer<typeof gameRecoverySchema>;

/** GET /api/play/game, POST /api/play/game/start, POST /api/play/game/continue. */
export const gameResponseSchema = z.object({
  player: playerGameSchema,
  recovery: gameRecoverySchema.nullable().optional(),
});
export type GameResponse = z.infer<typeof gameResponseSchema>;

/** An option as players see it; `locked` options are shown disabled with their reason. */
export const playOptionSchema = z.object({
  id: z.string(),
  text: z.string(),
  nextSceneId: z.string().nullable(),
  nextUrl: z.string().nullable(),
  /** The next scene is a `pending-` link (not written yet): 'Under Construction'. */
  isPending: z.boolean(),
  /** The player lacks the option's required stats / items. */
  locked: z.boolean(),
  /** e.g. 'Requires Knowledge 20; Requires item: Business card', null when unlocked. */
  lockedReason: z.string().nullable(),
  buttonIcon: z.string().nullable(),
});
export type PlayOption = z.infer<typeof playOptionSchema>;

/** An advertisement as players see it (active, priority descending). */
export const playAdvertisementSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** 'Learn More' when the admin left it empty. */
  ctaText: z.string(),
  ctaLink: z.string().nullable(),
  priority: z.number(),
});
export type PlayAdvertisement = z.infer<typeof playAdvertisementSchema>;

/** One stat change: which stat and by how much. */
export const statChangeSchema = z.object({ stat: z.enum(STAT_KEYS), delta: z.number() });

/** A random event that was applied to the player's stats, with its changes. */
export const playRandomEventSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  mediaType: z.enum(['image', 'video']),
  mediaUrl: z.string().nullable(),
  videoEmbedCode: z.string().nullable(),
  /** The event's non-zero changes in the rules' order (budget, knowledge, delusion, ...). */
  changes: z.array(statChangeSchema),
});
export type PlayRandomEvent = z.infer<typeof playRandomEventSchema>;

/**
 * What the choice made on the current scene puts before the next scene, as far as the read can
 * tell: the random event or the advertisement (exactly the choice answer's `show`, unless an
 * admin edits them meanwhile), 'maybe' (a guest's event that waits on the 5-second gap since the
 * last one: with the event, what shows before the gap's end and the ms left at the read, so the
 * browser can tell a click clearly before or after), or null: the next scene comes straight on.
 */
export const nextInterruptionSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('event'), randomEvent: playRandomEventSchema }),
    z.object({ kind: z.literal('advertisement'), advertisement: playAdvertisementSchema }),
    z.object({
      kind: z.literal('maybe'),
      /** The event shown when the choice comes `msLeft` ms after the read or later. */
      randomEvent: playRandomEventSchema.optional(),
      /** What shows when it comes sooner: the advertisement, or null (nothing); absent: unknown. */
      advertisement: playAdvertisementSchema.nullable().optional(),
      /** How long the gap still ran at the read (ms); absent: the copy does not say. */
      msLeft: z.number().optional(),
    }),
  ])
  .nullable();
export type NextInterruption = z.infer<typeof nextInterruptionSchema>;

/** What players and authors alike see at the top of a scene: its id, title, subtitle, text and image. */
export const sceneHeadingFields = {
  id: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
};

/** A scene as players see it: never `reference` or `ai_instructions`. */
export const playSceneSchema = z.object({
  ...sceneHeadingFields,
  /** The scene has an HTML section: show GET /api/play/scenes/:id/html in `<iframe sandbox="allow-scripts">`. */
  hasHtml: z.boolean(),
  day: z.number().nullable(),
  isEnding: z.boolean(),
  isEndOfDay: z.boolean(),
  /** False shows the 'Scene Stats Warning' (stats_config empty, 'null' or '[]'). */
  hasStatsConfig: z.boolean(),
  /** Whether the server accepts choices here (false on ending scenes): show no options then. */
  takesChoices: z.boolean(),
  /** Options in their stored order (empty when the scene takes no choices). */
  options: z.array(playOptionSchema),
  /**
   * This is the player's saved scene (or, with no saved game, the initial scene): choices are
   * accepted only here; on any other scene they are refused with 409. `locked` is computed
   * against the player's current stats, so refetch a prefetched scene after a choice.
   */
  isCurrent: z.boolean(),
  /**
   * On the current scene: the choice made here will or may show a random event or an
   * advertisement before the next scene (ads every 5th scene, signed-in events on the choice
   * counter, a guest's draw decided one choice ahead, only the 5-second gap still open):
   * `nextInterruption !== null`. False on other scenes: read it from the current scene, or from
   * the choice answer's `nextScene`.
   */
  choiceMayInterrupt: z.boolean(),
  /**
   * On the current scene: what the choice made here puts first. The browser paints a certain
   * event or advertisement at once, a 'maybe' by the time since it received the scene (waiting
   * for the answer near the gap's end), and the next scene ahead on null. Null on other scenes.
   */
  nextInterruption: nextInterruptionSchema,
});
export type PlayScene = z.infer<typeof playSceneSchema>;

/** GET /api/play/scenes/:id. */
export const sceneResponseSchema = z.object({ scene: playSceneSchema });
export type SceneResponse = z.infer<typeof sceneResponseSchema>;

/** Query of GET /api/play/scenes: `ids`, comma-separated scene ids, 1 to SCENES_BATCH_MAX of them. */
export const scenesQuerySchema = z.object({
  ids: z
    .string()
    .transform((v) => v.split(',').filter((id) => id !== ''))
    .pipe(
      z
        .array(z.string().max(200, 'each id is at most 200 characters'))
        .min(1, 'name at least one scene')
        .max(SCENES_BATCH_MAX, `at most ${SCENES_BATCH_MAX} scenes at once`),
    ),
});

/**
 * GET /api/play/scenes?ids=a,b: each scene exactly as GET /api/play/scenes/:id shows it to this
 * player, in the order asked; ids that name no scene are listed in `missing`.
 */
export const scenesResponseSchema = z.object({
  scenes: z.array(playSceneSchema),
  missing: z.array(z.string()),
});
export type ScenesResponse = z.infer<typeof scenesResponseSchema>;

/** Path parameter of the scene routes. */
export const sceneParamsSchema = z.object({ id: z.string().min(1).max(200) });

/** 404 of GET /api/play/scenes/:id: message 'Scene {id} not found' and where to go instead. */
export const sceneNotFoundSchema = z.object({
  ...errorFields,
  /** The intro/INTRO/start/first scene to redirect to with the 'Scene Not Found' toast; null: go to /. */
  fallbackSceneId: z.string().nullable(),
});
export type SceneNotFound = z.infer<typeof sceneNotFoundSchema>;

/** An error body of the API: `code` is 'pending' for a pending link. */
export const playErrorSchema = codedErrorSchema();

/** POST /api/play/choices. Strict: any other field (stat values!) is refused with 400. */
export const choiceRequestSchema = z.strictObject({
  optionId: z.string().min(1).max(200),
  /** A fresh random key per click (crypto.randomUUID()); a retry sends the same key. */
  idempotencyKey: z
    .string()
    .min(8)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, 'idempotencyKey: letters, digits, - and _ only'),
});
export type ChoiceRequest = z.infer<typeof choiceRequestSchema>;

/** What changed between two stat snapshots (core/game/stat-diff.ts StatDiff). */
export const statDiffSchema = z.object({
  stats: z.array(statChangeSchema),
  gained: z.array(z.string()),
  lost: z.array(z.string()),
});

/**
 * What a choice did, for the line at the top of the next scene: the option's own changes, the
 * random event's (with its title) when one fired, and the next scene's stats checkpoint
 * ('arrival', e.g. a new day's budget). Each is the real difference, after the 0 floor. `why`
 * is the option's why line: why it helped or hurt (docs/product-rules.md "Play" 'The why line'),
 * null when the option has none.
 */
export const choiceChangesSchema = z.object({
  choice: statDiffSchema,
  event: statDiffSchema.extend({ title: z.string() }).nullable(),
  arrival: statDiffSchema,
  why: z.string().nullable().default(null),
});
export type ChoiceChanges = z.infer<typeof choiceChangesSchema>;

/**
 * A choice that was applied. `player` is the new state (the event's changes already included).
 * `show` holds at most one screen to put before /game/scene/{nextSceneId} (product rules "Play"): a random
 * event when one triggered, otherwise the advertisement on every 5th scene; empty: go straight on.
 */
const choiceAppliedSchema = z.object({
  player: playerGameSchema,
  nextSceneId: z.string(),
  /**
   * The next scene as the player now sees it (their new stats, `isCurrent`), so the browser
   * needs no second request. Absent only when a replayed choice's scene no longer exists.
   */
  nextScene: playSceneSchema.optional(),
  /** Absent only on answers stored before it existed. */
  changes: choiceChangesSchema.optional(),
  show: z.object({
    advertisement: playAdvertisementSchema.optional(),
    randomEvent: playRandomEventSchema.optional(),
  }),
});
export type ChoiceApplied = z.infer<typeof choiceAppliedSchema>;

/** An option with next_url: nothing was recorded; the browser opens the URL in a new tab. */
const choiceExternalSchema = z.object({ externalUrl: z.string() });

/** Response of POST /api/play/choices. */
export const choiceResponseSchema = z.union([choiceAppliedSchema, choiceExternalSchema]);
export type ChoiceResponse = z.infer<typeof choiceResponseSchema>;

/**
 * The answer of POST /api/play/choices as sent: a ChoiceResponse with `kind` saying which one, so
 * a client (and the OpenAPI document's discriminator) needs no guessing from the fields present.
 */
export const choiceAnswerSchema = z.discriminatedUnion('kind', [
  choiceAppliedSchema.extend({ kind: z.literal('applied') }),
  choiceExternalSchema.extend({ kind: z.literal('external') }),
]);
export type ChoiceAnswer = z.infer<typeof choiceAnswerSchema>;

/** The answer as sent, with its `kind`. */
export function choiceAnswerOf(answer: ChoiceResponse): ChoiceAnswer {
  return 'player' in answer
    ? { kind: 'applied', ...answer }
    : { kind: 'external', externalUrl: answer.externalUrl };
}

/** GET /api/play/ads: active advertisements, highest priority first. */
export const adsResponseSchema = z.object({ advertisements: z.array(playAdvertisementSchema) });
export type AdsResponse = z.infer<typeof adsResponseSchema>;

/** A ticker item. */
export const playNewsItemSchema = z.object({
  id: z.string(),
  content: z.string(),
  link: z.string().nullable(),
  createdAt: z.string(),
});
export type PlayNewsItem = z.infer<typeof playNewsItemSchema>;

/** GET /api/play/news: active news items, newest first. */
export const newsResponseSchema = z.object({ items: z.array(playNewsItemSchema) });
export type NewsResponse = z.infer<typeof newsResponseSchema>;

/** A sponsor of the sponsors panel. */
export const playSponsorSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string().nullable(),
  imageUrl: z.string().nullable(),
});
export type PlaySponsor = z.infer<typeof playSponsorSchema>;

/** GET /api/play/sponsors. */
export const sponsorsResponseSchema = z.object({ sponsors: z.array(playSponsorSchema) });
export type SponsorsResponse = z.infer<typeof sponsorsResponseSchema>;

/** The four font slots of font_settings (product rules "Content"): title, subtitle, content, choices. */
export function fontSlotsSchema<Slot extends z.ZodType>(slot: Slot) {
  return z.object({ title: slot, subtitle: slot, content: slot, choices: slot });
}

/** One font slot: a size name (CSS variable font-size-{name}) or CSS size, and a family. */
const fontSlotSchema = z.object({ fontSize: z.string(), fontFamily: z.string() });

/** font_settings (product rules "Content"): title, subtitle, content, choices. */
export const fontSettingsSchema = fontSlotsSchema(fontSlotSchema);
export type FontSettings = z.infer<typeof fontSettingsSchema>;

/** GET /api/play/settings/fonts. */
export const fontsResponseSchema = z.object({ fonts: fontSettingsSchema });
export type FontsResponse = z.infer<typeof fontsResponseSchema>;

// Constants live in a zod-free module so player screens can use them without bundling zod.
export {
  DEFAULT_FONT_SETTINGS,
  type LiveEvent,
  SCENE_HTML_HEIGHT_MESSAGE,
} from './play-constants.ts';
