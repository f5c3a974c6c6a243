import {
  historyParamsSchema,
  restoreBodySchema,
  restoreResponseSchema,
  revisionDiffSchema,
  revisionListSchema,
  revisionParamsSchema,
  undoBodySchema,
  undoListSchema,
  undoParamsSchema,
  undoResponseSchema,
} from '../../../../core/api/history.ts';
import { publish } from '../../../live/bus.ts';
import { errors } from '../../../plugins/api-contract.ts';
import { itemHistory, restoreRevision, revisionDiff } from '../../../services/history/revisions.ts';
import { recentEntries, undoEntry } from '../../../services/history/undo.ts';
import { routeOptions } from '../route-options.ts';
import { authorOf } from './author.ts';
import { taggedRoutes } from './tagged-routes.ts';

/**
 * History under /api/admin (docs/history.md): an item's revisions, what one changes against the
 * item now, restoring one; 'Recently deleted' (deletes and imports of the last 30 days) and
 * undoing one. Restores and undos tell open games that content changed.
 */
export const adminHistoryRoutes = taggedRoutes('admin: history', (app) => {
  const changed = async () => {
    await publish(app, 'content');
    await publish(app, 'news');
  };

  app.get(
    '/history/:kind/:id',
    routeOptions(
      'The revisions of a scene or world item, newest first',
      { 200: revisionListSchema },
      { params: historyParamsSchema },
    ),
    async (request) => ({
      revisions: await itemHistory(app.db, request.params.kind, request.params.id),
    }),
  );

  app.get(
    '/history/:kind/:id/:revision',
    routeOptions(
      'What differs between a revision and the item now, field by field',
      { 200: revisionDiffSchema },
      { params: revisionParamsSchema },
    ),
    async (request) => {
      const { kind, id, revision } = request.params;
      return revisionDiff(app.db, kind, id, revision);
    },
  );

  app.post(
    '/history/:kind/:id/:revision/restore',
    {
      schema: {
        summary:
          'Restore a revision (a new revision; a scene saved by someone else since `version` answers 409)',
        params: revisionParamsSchema,
        body: restoreBodySchema,
        response: { 200: restoreResponseSchema, ...errors(409) },
      },
    },
    async (request) => {
      const { kind, id, revision } = request.params;
      const made = await restoreRevision(
        app.db,
        kind,
        id,
        revision,
        authorOf(request),
        request.body.version,
      );
      await changed();
      return { revision: made };
    },
  );

  app.get(
    '/undo',
    routeOptions('Deletes and imports of the last 30 days that can be undone, newest first', {
      200: undoListSchema,
    }),
    async () => ({ entries: await recentEntries(app.db) }),
  );

  app.post(
    '/undo/:id',
    {
      schema: {
        summary:
          'Undo a delete (the item comes back) or an import (the content before it); 409 LATER_WORK names work done since that the undo would remove or overwrite, `confirm` goes ahead',
        params: undoParamsSchema,
        body: undoBodySchema,
        response: { 200: undoResponseSchema, ...errors(409, 410) },
      },
    },
    async (request) => {
      const confirm = request.body?.confirm === true;
      const entry = await undoEntry(app.db, request.params.id, authorOf(request), confirm);
      await changed();
      return { entry };
    },
  );
});
