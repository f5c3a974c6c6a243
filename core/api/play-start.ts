import { z } from 'zod';
import {
  choiceRequestSchema,
  fontsResponseSchema,
  gameResponseSchema,
  newsResponseSchema,
  sceneResponseSchema,
  sponsorsResponseSchema,
} from './play.ts';
import { sessionResponseSchema } from './session.ts';

/**
 * POST /api/play/start: the start screen's 'Start Adventure Now' in one request. Strict, like a
 * decision: the body names only a fresh random key per click, so a double click (or a retry of
 * a request whose answer was lost) starts one game, not two.
 */
export const startPlayRequestSchema = z.strictObject({
  idempotencyKey: choiceRequestSchema.shape.idempotencyKey,
});
export type StartPlayRequest = z.infer<typeof startPlayRequestSchema>;

/**
 * Everything the first scene's screen reads, each part exactly as its GET endpoint answers for
 * this player (the same parts as a server-rendered scene page's data, core/api/boot.ts), so the
 * browser seeds its query cache and paints the options with no other request: the session
 * (GET /api/session; a guest made by this request included), the game (GET /api/play/game), the
 * scene it stands on (GET /api/play/scenes/:id; null when that scene vanished in between), the
 * sponsors, fonts and news. `resumed` is true when a game in progress was continued rather than
 * a new one started.
 */
export const startPlayAnswerSchema = z.object({
  resumed: z.boolean(),
  session: sessionResponseSchema,
  game: gameResponseSchema,
  scene: sceneResponseSchema.nullable(),
  sponsors: sponsorsResponseSchema,
  fonts: fontsResponseSchema,
  news: newsResponseSchema,
});
export type StartPlayAnswer = z.infer<typeof startPlayAnswerSchema>;
