import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  playErrorSchema,
  sceneNotFoundSchema,
  sceneParamsSchema,
  sceneResponseSchema,
  scenesQuerySchema,
  scenesResponseSchema,
} from '../../../../core/api/play.ts';
import { HttpError } from '../../../errors.ts';
import { presentedResponse } from '../../../plugins/openapi.ts';
import { sceneHtml } from '../../../services/play/public-content.ts';
import { SCENE_HTML_CSP, sceneHtmlDocument } from '../../../services/play/scene-html.ts';
import { readScene, readScenes } from '../../../services/play/scene-view.ts';
import { playRouteOptions } from '../route-options.ts';
import { playerOf } from './session.ts';

/** GET /play/scenes?ids=, GET /play/scenes/:id and GET /play/scenes/:id/html. */
export async function sceneRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/scenes',
    playRouteOptions(
      'Several scenes at once (the targets of the options on screen), each as /scenes/:id',
      {
        200: presentedResponse(scenesResponseSchema),
        400: playErrorSchema,
        401: playErrorSchema,
      },
      {
        description:
          'ids: comma-separated, 1 to 20. Ids that name no scene are listed in `missing`; 400 for none or too many.',
        querystring: scenesQuerySchema,
      },
    ),
    async (request, reply) => {
      const user = playerOf(request);
      reply.header('cache-control', 'private, no-cache');
      return readScenes(app.db, user, request.query.ids, app.eventDeps);
    },
  );
  r.get(
    '/scenes/:id',
    playRouteOptions(
      'A scene as players see it, options locked against the player’s stats',
      {
        200: presentedResponse(sceneResponseSchema),
        401: playErrorSchema,
        404: sceneNotFoundSchema,
      },
      { params: sceneParamsSchema },
    ),
    async (request, reply) => {
      const user = playerOf(request);
      reply.header('cache-control', 'private, no-cache');
      const read = await readScene(app.db, user, request.params.id, app.eventDeps);
      if (read.found) return { scene: read.scene };
      return reply.status(404).send({
        error: 'Not Found',
        message: `Scene ${request.params.id} not found`,
        fallbackSceneId: read.fallbackSceneId,
      });
    },
  );
  r.get(
    '/scenes/:id/html',
    playRouteOptions(
      "A scene's html_section as a document for a sandboxed iframe (own CSP)",
      { 200: z.string(), 401: playErrorSchema, 404: playErrorSchema },
      { params: sceneParamsSchema, produces: ['text/html'] },
    ),
    async (request, reply) => {
      playerOf(request);
      const html = await sceneHtml(app.db, request.params.id);
      if (html === null) throw new HttpError(404, `Scene ${request.params.id} not found`);
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', SCENE_HTML_CSP)
        .header('x-frame-options', 'SAMEORIGIN')
        .header('cache-control', 'private, no-cache')
        .send(sceneHtmlDocument(html));
    },
  );
}
