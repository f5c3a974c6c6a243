import { z } from 'zod';
import { flag, iso, jsonValue, key, nullInt, nullJson, nullNumber, nullText } from './columns.ts';

/*
 * Scenes and their options as rows (table scenarios / scenario_choices, product rules "Content"). The admin
 * editor's own forms and answers are in core/api/admin-scenes.ts and admin-scene-options.ts.
 */

/**
 * What a scene id looks like: letters of any script (é, ß, 東) and digits, then also hyphens and
 * underscores. Ids appear in addresses (/game/scene/<id>); the web percent-encodes them there.
 */
export const SCENE_ID_PATTERN = /^[\p{L}\p{N}][\p{L}\p{M}\p{N}_-]*$/u;

/** One scene row (table scenarios). */
export const sceneRowSchema = z.object({
  id: key.regex(SCENE_ID_PATTERN, 'may only use letters, digits, hyphens and underscores'),
  title: z.string().trim().min(1, 'a scene needs a title'),
  subtitle: nullText,
  description: nullText,
  image_url: nullText,
  html_section: nullText,
  reference: nullText,
  ai_instructions: nullText,
  /** The stats a player has on entering the scene (core/game/stats-config.ts reads it). */
  stats_config: nullJson(z.array(z.unknown())),
  day: nullInt,
  is_end_of_day: flag,
  is_ending: flag,
  is_start: flag,
  /** Where the scene's box sits on the story map (and in Twine); null: laid out automatically. */
  map_x: nullNumber,
  map_y: nullNumber,
  /** The scene's tags (kept from Twine), or null. */
  tags: nullJson(z.array(z.string())),
  created_at: iso,
  updated_at: iso,
});

/** The longest why line an option may have, in characters. */
export const OPTION_WHY_MAX = 300;

/** One option row (table scenario_choices); `position` orders the options of a scene. */
export const optionRowSchema = z.object({
  id: key,
  scenario_id: key,
  position: z.number().int().default(0),
  text: z.string().trim().min(1, 'an option needs a text'),
  /**
   * Why the option helped or hurt, in one sentence players read with the change line after the
   * choice (docs/product-rules.md "Play" 'The why line'); blank or missing: none.
   */
  why: nullJson(
    z
      .string()
      .trim()
      .max(OPTION_WHY_MAX, `the why line must be at most ${OPTION_WHY_MAX} characters`),
  ).transform((v) => v || null),
  next_scenario_id: nullText,
  next_url: nullText,
  stats_changes: nullJson(z.record(z.string(), z.unknown())),
  required_stats: nullJson(z.record(z.string(), z.number())),
  required_items: nullJson(z.array(z.string())),
  special_effects: jsonValue,
  button_icon: nullText,
  seo_ranking_change: nullNumber,
  traffic_change: nullNumber,
  knowledge_change: nullNumber,
  happiness_change: nullNumber,
  budget_change: nullNumber,
  delusion_change: nullNumber,
  revenue_change: nullNumber,
  created_at: iso,
});
