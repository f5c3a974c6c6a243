import { z } from 'zod';
import { playerStatsSchema } from './play.ts';

/** The path lives in play-constants.ts (no zod there) for the browser's /auth page. */
export { KEEP_GAME_PATH } from './play-constants.ts';

/** One of the two games, as the dialog describes it. */
const gameSummarySchema = z.object({
  /** Title of the scene the game stands on (null when that scene no longer exists). */
  sceneTitle: z.string().nullable(),
  choiceCount: z.number().int(),
  stats: playerStatsSchema,
  /** When the game last changed (ISO). */
  updatedAt: z.string(),
});
export type GameSummary = z.infer<typeof gameSummarySchema>;

/** GET /api/play/game/choice: both games while the player has not picked one (`choice`), else null. */
export const keepGameResponseSchema = z.object({
  choice: z.object({ guest: gameSummarySchema, account: gameSummarySchema }).nullable(),
});
export type KeepGameResponse = z.infer<typeof keepGameResponseSchema>;

/** POST /api/play/game/choice: which game to keep; the other one is deleted. */
export const keepGameRequestSchema = z.strictObject({
  keep: z.enum(['guest', 'account'], { message: "keep must be 'guest' or 'account'" }),
});
export type KeepGameRequest = z.infer<typeof keepGameRequestSchema>;
