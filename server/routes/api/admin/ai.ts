import { PassThrough } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import {
  aiSceneDraftSchema,
  aiSceneRequestSchema,
  aiStatusSchema,
} from '../../../../core/api/admin-scenes.ts';
import type { DraftStreamLine } from '../../../../core/api/admin-scenes-ai.ts';
import { HttpError } from '../../../errors.ts';
import { addressKey } from '../../../plugins/address-key.ts';
import {
  checkDraftRequest,
  generateSceneDraft,
  streamSceneDraft,
} from '../../../services/ai/scene-draft.ts';
import { routeOptions } from '../route-options.ts';
import { taggedRoutes } from './tagged-routes.ts';

/** AI drafts a single admin may ask for per minute (each call costs the operator money). */
const AI_RATE_LIMIT_PER_MINUTE = 10;

const rateLimit = {
  max: AI_RATE_LIMIT_PER_MINUTE,
  timeWindow: '1 minute',
  // Per admin, not per address: admins behind one office router do not share a budget.
  keyGenerator: (request: FastifyRequest) => `ai:${request.user?.id ?? addressKey(request.ip)}`,
};

/** Scene drafts from the configured OpenAI-compatible provider; the key stays on the server. */
export const adminAiRoutes = taggedRoutes('admin: ai', (app) => {
  app.get(
    '/ai/status',
    routeOptions('Whether AI drafts are configured, and the model', { 200: aiStatusSchema }),
    async () => ({ configured: Boolean(app.config.ai.apiKey), model: app.config.ai.model }),
  );

  app.post(
    '/ai/scene',
    {
      config: { rateLimit },
      schema: {
        summary: 'Draft a scene (description and 4 options) for the admin to review',
        description:
          '400 without a title, 503 when AI_API_KEY is not set, 502 when the provider fails ' +
          'or replies with something that is not a scene, 429 past 10 drafts a minute.',
        body: aiSceneRequestSchema,
        response: { 200: aiSceneDraftSchema },
      },
    },
    async (request) => generateSceneDraft(app.config.ai, request.body, request.log),
  );

  app.post(
    '/ai/scene/stream',
    {
      config: { rateLimit },
      schema: {
        summary:
          'Draft a scene, streamed: one JSON object a line (text as written, then the draft)',
        description:
          'Answers application/x-ndjson lines {type:"text",text} as the model writes, then ' +
          '{type:"draft",draft} or {type:"error",status,message}. Closing the request cancels ' +
          'the provider call; AI_TIMEOUT_SECONDS bounds it. 400 without a title, 503 without ' +
          'AI_API_KEY (as plain JSON errors, before streaming).',
        body: aiSceneRequestSchema,
      },
    },
    async (request, reply) => {
      checkDraftRequest(app.config.ai, request.body);
      const out = new PassThrough();
      const cancel = new AbortController();
      let finished = false;
      // The author pressed Cancel or left: stop paying for text nobody reads.
      reply.raw.on('close', () => {
        if (!finished) cancel.abort();
      });
      const send = (line: DraftStreamLine) => out.write(`${JSON.stringify(line)}\n`);
      void streamSceneDraft(
        app.config.ai,
        request.body,
        { onText: (text) => send({ type: 'text', text }) },
        cancel.signal,
        request.log,
      )
        .then(
          (draft) => send({ type: 'draft', draft }),
          (err: unknown) =>
            send({
              type: 'error',
              status: err instanceof HttpError ? err.statusCode : 500,
              message: err instanceof Error ? err.message : 'Failed to generate content',
            }),
        )
        .finally(() => {
          finished = true;
          out.end();
        });
      return reply
        .type('application/x-ndjson; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(out);
    },
  );
});
