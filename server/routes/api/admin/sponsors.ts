import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, okSchema } from '../../../../core/api/admin-world.ts';
import { sponsorInputSchema, sponsorSchema } from '../../../../core/content/sponsors.ts';
import {
  createSponsor,
  deleteSponsor,
  listSponsors,
  updateSponsor,
} from '../../../db/repositories/sponsors.ts';
import { publish } from '../../../live/bus.ts';
import { HttpError } from '../../../plugins/errors.ts';

const tags = ['admin: sponsors'];
const notFound = () => new HttpError(404, 'Sponsor not found');

/** /api/admin/sponsors (spec §2 '/admin/sponsors', §7 sponsors): list newest first, create, update, delete. */
export async function adminSponsorRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/sponsors',
    {
      schema: {
        tags,
        summary: 'All sponsors, newest first',
        response: { 200: z.object({ sponsors: z.array(sponsorSchema) }) },
      },
    },
    async () => ({ sponsors: await listSponsors(app.db) }),
  );

  r.post(
    '/sponsors',
    {
      schema: {
        tags,
        summary: 'Create a sponsor',
        body: sponsorInputSchema,
        response: { 201: sponsorSchema },
      },
    },
    async (request, reply) => {
      const sponsor = await createSponsor(app.db, request.body);
      await publish(app, 'content');
      return reply.status(201).send(sponsor);
    },
  );

  r.put(
    '/sponsors/:id',
    {
      schema: {
        tags,
        summary: 'Update a sponsor',
        params: idParamsSchema,
        body: sponsorInputSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      if (!(await updateSponsor(app.db, request.params.id, request.body))) throw notFound();
      await publish(app, 'content');
      return { ok: true as const };
    },
  );

  r.delete(
    '/sponsors/:id',
    {
      schema: {
        tags,
        summary: 'Delete a sponsor',
        params: idParamsSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      if (!(await deleteSponsor(app.db, request.params.id))) throw notFound();
      await publish(app, 'content');
      return { ok: true as const };
    },
  );
}
