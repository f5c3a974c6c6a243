import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  aiSceneDraftSchema,
  aiSceneRequestSchema,
  aiStatusSchema,
} from '../../../../core/api/admin-scenes.ts';
import { generateSceneDraft } from '../../../services/ai/scene-draft.ts';

/** AI drafts a single admin may ask for per minute (each call costs the operator money). */
export const AI_RATE_LIMIT_PER_MINUTE = 10;

const tags = ['admin: ai'];

/** Scene drafts from the configured OpenAI-compatible provider; the key stays on the server. */
export async function adminAiRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/ai/status',
    {
      schema: {
        summary: 'Whether AI drafts are configured, and the model',
        tags,
        response: { 200: aiStatusSchema },
      },
    },
    async () => ({ configured: Boolean(app.config.ai.apiKey), model: app.config.ai.model }),
  );

  app.post(
    '/ai/scene',
    {
      config: {
        rateLimit: {
          max: AI_RATE_LIMIT_PER_MINUTE,
          timeWindow: '1 minute',
          // Per admin, not per address: admins behind one office router do not share a budget.
          keyGenerator: (request) => `ai:${request.user?.id ?? request.ip}`,
        },
      },
      schema: {
        summary: 'Draft a scene (description and 4 options) for the admin to review',
        description:
          '400 without a title, 503 when AI_API_KEY is not set, 502 when the provider fails ' +
          'or replies with something that is not a scene, 429 past 10 drafts a minute.',
        tags,
        body: aiSceneRequestSchema,
        response: { 200: aiSceneDraftSchema },
      },
    },
    async (request) => generateSceneDraft(app.config.ai, request.body, request.log),
  );
}
