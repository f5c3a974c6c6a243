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
import { authorOf } from '../author.ts';
import { taggedRoutes } from '../tagged-routes.ts';

/** The Scene Options card and the option dialog. */
export const optionRoutes = taggedRoutes('admin: scenes', (app) => {
  app.get(
    '/scenes/:id/options',
    {
      schema: {
        summary: "A scene's options in their order",
        params: sceneIdParamsSchema,
        response: { 200: optionListResponseSchema },
      },
    },
    async (request) => ({ options: await listSceneOptions(app.db, request.params.id) }),
  );

  app.post(
    '/scenes/:id/options',
    {
      schema: {
        summary: 'Add an option (a placeholder joins an existing scene it names)',
        params: sceneIdParamsSchema,
        body: optionInputSchema,
        response: { 201: optionSaveResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addOption(app.db, request.params.id, request.body, authorOf(request))),
  );

  app.put(
    '/scenes/:id/options/:optionId',
    {
      schema: {
        summary: 'Update an option',
        params: optionParamsSchema,
        body: optionInputSchema,
        response: { 200: optionSaveResponseSchema },
      },
    },
    async (request) => {
      const { params, body } = request;
      return editOption(app.db, params.id, params.optionId, body, authorOf(request));
    },
  );

  app.delete(
    '/scenes/:id/options/:optionId',
    {
      schema: {
        summary: 'Delete an option',
        params: optionParamsSchema,
        response: { 204: z.null().describe('No content') },
      },
    },
    async (request, reply) => {
      await removeOption(app.db, request.params.id, request.params.optionId, authorOf(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/scene-links/match',
    {
      schema: {
        summary: 'Where a placeholder label leads: an existing scene, or its pending id',
        querystring: placeholderMatchQuerySchema,
        response: { 200: placeholderMatchResponseSchema },
      },
    },
    async (request) => matchPlaceholder(app.db, request.query.label),
  );
});
