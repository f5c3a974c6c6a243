import { z } from 'zod';
import { activeInputSchema, idParamsSchema, okSchema } from '../../../../core/api/admin-world.ts';
import type { WorldKind } from '../../../../core/content/world-kind.ts';
import { HttpError } from '../../../errors.ts';
import { type LiveChannel, publish } from '../../../live/bus.ts';
import {
  createItem,
  deleteItem,
  listItems,
  setItemActive,
  updateItem,
} from '../../../services/world/collections.ts';
import { routeOptions } from '../route-options.ts';
import { authorOf } from './author.ts';
import { taggedRoutes } from './tagged-routes.ts';

/**
 * The admin routes of one world collection (product rules "Screens", "Data"), the same for every kind:
 * GET /<path> answers `{ <listKey>: [...] }` in the list's order; POST creates (201, the item);
 * PUT /<path>/:id saves the form and answers the item; PATCH /<path>/:id/active (kinds with an
 * Active switch) answers the item; DELETE answers `{ ok: true }`. Every write tells open games
 * on `channel` (SSE), so players see the change within a second.
 */
export function worldCollectionRoutes(kind: WorldKind, channel: LiveChannel) {
  return taggedRoutes(`admin: ${kind.noun.toLowerCase()}s`, (app) => {
    const notFound = () => new HttpError(404, `${kind.noun} not found`, 'not-found');
    const base = `/${kind.path}`;
    const one = { params: idParamsSchema };
    const item = kind.viewSchema;
    /** A write's answer: the item as stored, once open games are told; 404 when the id names none. */
    const told = async <T>(saved: T | null | undefined): Promise<T> => {
      if (!saved) throw notFound();
      await publish(app, channel);
      return saved;
    };

    app.get(
      base,
      routeOptions(`Every ${kind.noun.toLowerCase()}, in the list's order`, {
        200: z.object({ [kind.listKey]: z.array(item) }),
      }),
      async () => ({ [kind.listKey]: await listItems(app.db, kind) }),
    );

    app.post(
      base,
      routeOptions(
        `Create a ${kind.noun.toLowerCase()}`,
        { 201: item },
        { body: kind.inputSchema },
      ),
      async (request, reply) => {
        const created = await createItem(app.db, kind, request.body, authorOf(request));
        await publish(app, channel);
        return reply.status(201).send(created);
      },
    );

    app.put(
      `${base}/:id`,
      routeOptions(
        `Save a ${kind.noun.toLowerCase()}; answers it as stored`,
        { 200: item },
        { ...one, body: kind.inputSchema },
      ),
      async (request) =>
        told(await updateItem(app.db, kind, request.params.id, request.body, authorOf(request))),
    );

    if (kind.activeColumn) {
      app.patch(
        `${base}/:id/active`,
        routeOptions(
          'Activate or deactivate; answers the item',
          { 200: item },
          { ...one, body: activeInputSchema },
        ),
        async (request) =>
          told(
            await setItemActive(
              app.db,
              kind,
              request.params.id,
              request.body.active,
              authorOf(request),
            ),
          ),
      );
    }

    app.delete(
      `${base}/:id`,
      routeOptions(`Delete a ${kind.noun.toLowerCase()}`, { 200: okSchema }, one),
      async (request) => {
        await told(await deleteItem(app.db, kind, request.params.id, authorOf(request)));
        return { ok: true as const };
      },
    );
  });
}
