import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, okSchema } from '../../../../core/api/admin-world.ts';
import {
  advertisementInputSchema,
  advertisementSchema,
} from '../../../../core/content/advertisements.ts';
import {
  createAdvertisement,
  deleteAdvertisement,
  listAdvertisements,
  updateAdvertisement,
} from '../../../db/repositories/advertisements.ts';
import { publish } from '../../../live/bus.ts';
import { HttpError } from '../../../plugins/errors.ts';

const tags = ['admin: advertisements'];
const notFound = () => new HttpError(404, 'Advertisement not found');

/**
 * /api/admin/advertisements (spec §3 'Advertisement'; the spec has the table but no page):
 * every ad by priority, create, update, delete.
 */
export async function adminAdvertisementRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/advertisements',
    {
      schema: {
        tags,
        summary: 'All advertisements, highest priority first',
        response: { 200: z.object({ advertisements: z.array(advertisementSchema) }) },
      },
    },
    async () => ({ advertisements: await listAdvertisements(app.db) }),
  );

  r.post(
    '/advertisements',
    {
      schema: {
        tags,
        summary: 'Create an advertisement',
        body: advertisementInputSchema,
        response: { 201: advertisementSchema },
      },
    },
    async (request, reply) => {
      const ad = await createAdvertisement(app.db, request.body);
      await publish(app, 'content');
      return reply.status(201).send(ad);
    },
  );

  r.put(
    '/advertisements/:id',
    {
      schema: {
        tags,
        summary: 'Update an advertisement',
        params: idParamsSchema,
        body: advertisementInputSchema,
        response: { 200: advertisementSchema },
      },
    },
    async (request) => {
      if (!(await updateAdvertisement(app.db, request.params.id, request.body))) throw notFound();
      await publish(app, 'content');
      return { id: request.params.id, ...request.body };
    },
  );

  r.delete(
    '/advertisements/:id',
    {
      schema: {
        tags,
        summary: 'Delete an advertisement',
        params: idParamsSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      if (!(await deleteAdvertisement(app.db, request.params.id))) throw notFound();
      await publish(app, 'content');
      return { ok: true as const };
    },
  );
}
