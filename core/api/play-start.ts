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

/**
 * A new game as a new visitor's start will answer it, carried by the start screen's page for a
 * visitor without a session (core/api/boot.ts `newGame`): the same for every new visitor, so it
 * names nobody. `game` and `scene` are what POST /api/play/start answers for a fresh guest,
 * except the scene's forecast of the first decision (`nextInterruption`), which depends on the
 * guest the start makes: it says 'maybe' here. The browser paints the first scene from it at
 * the click and sends the start behind the paint (web/routes/start-button.ts).
 */
export interface NewGameAhead {
  game: StartPlayAnswer['game'];
  scene: NonNullable<StartPlayAnswer['scene']>;
  sponsors: StartPlayAnswer['sponsors'];
  fonts: StartPlayAnswer['fonts'];
  news: StartPlayAnswer['news'];
}
