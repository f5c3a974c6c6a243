import { z } from 'zod';
import { playerStatsSchema } from './play.ts';

/**
 * The guest-or-account choice: a guest who played and then logs in to an account that
 * has a saved game of its own keeps both until they pick one; nothing is replaced silently.
 */
export const GAME_CHOICE_PATH = '/api/play/game/choice';

/** One of the two games, as the dialog describes it. */
export const gameSummarySchema = z.object({
  /** Title of the scene the game stands on (null when that scene no longer exists). */
  sceneTitle: z.string().nullable(),
  choiceCount: z.number().int(),
  stats: playerStatsSchema,
  /** When the game last changed (ISO). */
  updatedAt: z.string(),
});
export type GameSummary = z.infer<typeof gameSummarySchema>;

/** GET /api/play/game/choice: both games while a choice is open, else null. */
export const gameChoiceResponseSchema = z.object({
  choice: z.object({ guest: gameSummarySchema, account: gameSummarySchema }).nullable(),
});
export type GameChoiceResponse = z.infer<typeof gameChoiceResponseSchema>;

/** POST /api/play/game/choice: which game to keep; the other one is deleted. */
export const gameChoiceRequestSchema = z.strictObject({
  keep: z.enum(['guest', 'account'], { message: "keep must be 'guest' or 'account'" }),
});
export type GameChoiceRequest = z.infer<typeof gameChoiceRequestSchema>;
