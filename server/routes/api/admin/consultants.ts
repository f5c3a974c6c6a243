import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, okSchema } from '../../../../core/api/admin-world.ts';
import {
  adminConsultantInputSchema,
  adminConsultantSchema,
  consultantActionSchema,
  nextConsultantStatus,
} from '../../../../core/api/admin-world-site.ts';
import {
  createConsultant,
  deleteConsultant,
  getConsultant,
  listAllConsultants,
  transitionConsultantStatus,
} from '../../../db/repositories/consultants.ts';
import { HttpError } from '../../../plugins/errors.ts';

const tags = ['admin: consultants'];
const notFound = () => new HttpError(404, 'Consultant not found');

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
    async () => ({ consultants: await listAllConsultants(app.db) }),
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
    async (request, reply) => {
      const { featured, ...fields } = request.body;
      const consultant = await createConsultant(app.db, {
        ...fields,
        status: featured ? 'featured' : 'approved',
      });
      return reply.status(201).send(consultant);
    },
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
    async (request) => {
      const { id } = request.params;
      const { action } = request.body;
      const current = await getConsultant(app.db, id);
      if (!current) throw notFound();
      const next = nextConsultantStatus(current.status, action);
      if (!next)
        throw new HttpError(409, `Cannot ${action} a consultant that is ${current.status}`);
      if (!(await transitionConsultantStatus(app.db, id, current.status, next))) {
        throw new HttpError(409, 'The consultant was changed meanwhile; reload and try again');
      }
      const updated = await getConsultant(app.db, id);
      if (!updated) throw notFound();
      return updated;
    },
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
      if (!(await deleteConsultant(app.db, request.params.id))) throw notFound();
      return { ok: true as const };
    },
  );
}
