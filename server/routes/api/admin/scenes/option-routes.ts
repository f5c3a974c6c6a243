import { z } from 'zod';
import {
  optionInputSchema,
  optionListResponseSchema,
  optionParamsSchema,
  optionSaveResponseSchema,
  placeholderMatchQuerySchema,
  placeholderMatchResponseSchema,
} from '../../../../../core/api/admin-scene-options.ts';
import { sceneIdParamsSchema } from '../../../../../core/api/admin-scenes.ts';
import {
  addOption,
  editOption,
  matchPlaceholder,
  removeOption,
} from '../../../../services/scenes/option-admin.ts';
import { listSceneOptions } from '../../../../services/scenes/scene-admin.ts';
import { routeOptions } from '../../route-options.ts';
import { authorOf } from '../author.ts';
import { taggedRoutes } from '../tagged-routes.ts';

/** The Scene Options card and the option dialog. */
export const optionRoutes = taggedRoutes('admin: scenes', (app) => {
  app.get(
    '/scenes/:id/options',
    routeOptions(
      "A scene's options in their order",
      { 200: optionListResponseSchema },
      { params: sceneIdParamsSchema },
    ),
    async (request) => ({ options: await listSceneOptions(app.db, request.params.id) }),
  );

  app.post(
    '/scenes/:id/options',
    routeOptions(
      'Add an option (a placeholder joins an existing scene it names)',
      { 201: optionSaveResponseSchema },
      { params: sceneIdParamsSchema, body: optionInputSchema },
    ),
    async (request, reply) =>
      reply
        .status(201)
        .send(await addOption(app.db, request.params.id, request.body, authorOf(request))),
  );

  app.put(
    '/scenes/:id/options/:optionId',
    routeOptions(
      'Update an option',
      { 200: optionSaveResponseSchema },
      { params: optionParamsSchema, body: optionInputSchema },
    ),
    async (request) => {
      const { params, body } = request;
      return editOption(app.db, params.id, params.optionId, body, authorOf(request));
    },
  );

  app.delete(
    '/scenes/:id/options/:optionId',
    routeOptions(
      'Delete an option',
      { 204: z.null().describe('No content') },
      { params: optionParamsSchema },
    ),
    async (request, reply) => {
      await removeOption(app.db, request.params.id, request.params.optionId, authorOf(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/scene-links/match',
    routeOptions(
      'Where a placeholder label leads: an existing scene, or its pending id',
      { 200: placeholderMatchResponseSchema },
      { querystring: placeholderMatchQuerySchema },
    ),
    async (request) => matchPlaceholder(app.db, request.query.label),
  );
});
