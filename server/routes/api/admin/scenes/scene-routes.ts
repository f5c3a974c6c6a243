import { z } from 'zod';
import {
  createSceneSchema,
  deleteSceneQuerySchema,
  incomingLinksResponseSchema,
  SCENE_MESSAGES,
  sceneConflictSchema,
  sceneIdParamsSchema,
  sceneListQuerySchema,
  sceneListResponseSchema,
  sceneResponseSchema,
  sceneWithOptionsSchema,
  setInitialResponseSchema,
  updateSceneSchema,
} from '../../../../../core/api/admin-scenes.ts';
import { errors } from '../../../../plugins/api-contract.ts';
import {
  createScene,
  editScene,
  listIncomingLinks,
  listScenePage,
  loadScene,
  removeScene,
  SceneConflictError,
  setInitialScene,
} from '../../../../services/scenes/scene-admin.ts';
import { routeOptions } from '../../route-options.ts';
import { authorOf } from '../author.ts';
import { taggedRoutes } from '../tagged-routes.ts';

const noContent = z.null().describe('No content');

/** Scenes Management and the scene editor: list/search, read, create, update, initial, delete. */
export const sceneRoutes = taggedRoutes('admin: scenes', (app) => {
  app.get(
    '/scenes',
    routeOptions(
      'One page of scenes ordered by title; q searches title, description and id',
      { 200: sceneListResponseSchema },
      { querystring: sceneListQuerySchema },
    ),
    async (request) => listScenePage(app.db, request.query),
  );

  app.post(
    '/scenes',
    routeOptions(
      'Create a scene (409: Scene ID already exists in the database)',
      { 201: sceneWithOptionsSchema, ...errors(409, 422) },
      { body: createSceneSchema },
    ),
    async (request, reply) =>
      reply.status(201).send(await createScene(app.db, request.body, authorOf(request))),
  );

  app.get(
    '/scenes/:id',
    routeOptions(
      'One scene for the editor',
      { 200: sceneResponseSchema },
      { params: sceneIdParamsSchema },
    ),
    async (request) => ({ scene: await loadScene(app.db, request.params.id) }),
  );

  app.put(
    '/scenes/:id',
    {
      schema: {
        summary:
          'Save a scene: fields, stats and options when sent (409 with the current scene when saved by someone else since `version`)',
        params: sceneIdParamsSchema,
        body: updateSceneSchema,
        response: { 200: sceneWithOptionsSchema, ...errors(422), 409: sceneConflictSchema },
      },
    },
    async (request, reply) => {
      try {
        return await editScene(app.db, request.params.id, request.body, authorOf(request));
      } catch (err) {
        if (!(err instanceof SceneConflictError)) throw err;
        return reply
          .status(409)
          .send({ error: 'Conflict', message: err.message, current: err.current });
      }
    },
  );

  app.get(
    '/scenes/:id/incoming',
    routeOptions(
      'The options of other scenes that lead to this one (what deleting it breaks)',
      { 200: incomingLinksResponseSchema },
      { params: sceneIdParamsSchema },
    ),
    async (request) => ({ links: await listIncomingLinks(app.db, request.params.id) }),
  );

  app.post(
    '/scenes/:id/initial',
    routeOptions(
      'Make this the one initial scene (clears the others in the same transaction)',
      { 200: setInitialResponseSchema, ...errors(422) },
      { description: `422: ${SCENE_MESSAGES.endingAsStart}`, params: sceneIdParamsSchema },
    ),
    async (request) => {
      await setInitialScene(app.db, request.params.id, authorOf(request));
      return { id: request.params.id };
    },
  );

  app.delete(
    '/scenes/:id',
    {
      schema: {
        summary:
          'Delete a scene and its options; links=placeholder turns the options leading to it into placeholders',
        params: sceneIdParamsSchema,
        querystring: deleteSceneQuerySchema,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await removeScene(app.db, request.params.id, request.query.links, authorOf(request));
      return reply.status(204).send(null);
    },
  );
});
