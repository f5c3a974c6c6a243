import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, okSchema } from '../../../../core/api/admin-world.ts';
import {
  adminConsultantInputSchema,
  adminConsultantSchema,
  consultantActionSchema,
} from '../../../../core/api/admin-world-site.ts';
import {
  addConsultant,
  changeConsultantStatus,
  listSubmissions,
  removeConsultant,
} from '../../../services/world/consultants.ts';

const tags = ['admin: consultants'];

/**
 * /api/admin/consultants (product rules "Screens" 'Consultants admin', "Play" rules transitions, "Data" rules): every submission
 * newest first with contact e-mails, 'Add SEO Consultant' (approved, or featured when ticked),
 * Approve / Feature / Unfeature, delete.
 */
export async function adminConsultantRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/consultants',
    {
      schema: {
        tags,
        summary: 'All consultant submissions, newest first',
        response: { 200: z.object({ consultants: z.array(adminConsultantSchema) }) },
      },
    },
    async () => ({ consultants: await listSubmissions(app.db) }),
  );

  r.post(
    '/consultants',
    {
      schema: {
        tags,
        summary: 'Add a consultant (approved or featured)',
        body: adminConsultantInputSchema,
        response: { 201: adminConsultantSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await addConsultant(app.db, request.body)),
  );

  r.post(
    '/consultants/:id/status',
    {
      schema: {
        tags,
        summary: 'Approve, feature or unfeature (product rules "Play")',
        params: idParamsSchema,
        body: consultantActionSchema,
        response: { 200: adminConsultantSchema },
      },
    },
    async (request) => changeConsultantStatus(app.db, request.params.id, request.body.action),
  );

  r.delete(
    '/consultants/:id',
    {
      schema: {
        tags,
        summary: 'Delete a consultant',
        params: idParamsSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await removeConsultant(app.db, request.params.id);
      return { ok: true as const };
    },
  );
}
