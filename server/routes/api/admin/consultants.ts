import { z } from 'zod';
import { idParamsSchema, okSchema } from '../../../../core/api/admin-world.ts';
import {
  adminConsultantInputSchema,
  adminConsultantSchema,
  consultantActionSchema,
} from '../../../../core/api/admin-world-site.ts';
import { errors } from '../../../plugins/api-contract.ts';
import {
  addConsultant,
  changeConsultantStatus,
  listSubmissions,
  removeConsultant,
} from '../../../services/world/consultants.ts';
import { routeOptions } from '../route-options.ts';
import { authorOf } from './author.ts';
import { taggedRoutes } from './tagged-routes.ts';

/**
 * /api/admin/consultants (product rules "Screens" 'Consultants admin', "Play" rules transitions, "Data" rules): every submission
 * newest first with contact e-mails, 'Add SEO Consultant' (approved, or featured when ticked),
 * Approve / Feature / Unfeature, delete.
 */
export const adminConsultantRoutes = taggedRoutes('admin: consultants', (app) => {
  app.get(
    '/consultants',
    routeOptions('All consultant submissions, newest first', {
      200: z.object({ consultants: z.array(adminConsultantSchema) }),
    }),
    async () => ({ consultants: await listSubmissions(app.db) }),
  );

  app.post(
    '/consultants',
    routeOptions(
      'Add a consultant (approved or featured)',
      { 201: adminConsultantSchema },
      { body: adminConsultantInputSchema },
    ),
    async (request, reply) =>
      reply.status(201).send(await addConsultant(app.db, request.body, authorOf(request))),
  );

  app.post(
    '/consultants/:id/status',
    routeOptions(
      'Approve, feature or unfeature (product rules "Play")',
      { 200: adminConsultantSchema, ...errors(409) },
      { params: idParamsSchema, body: consultantActionSchema },
    ),
    async (request) =>
      changeConsultantStatus(app.db, request.params.id, request.body.action, authorOf(request)),
  );

  app.delete(
    '/consultants/:id',
    routeOptions('Delete a consultant', { 200: okSchema }, { params: idParamsSchema }),
    async (request) => {
      await removeConsultant(app.db, request.params.id, authorOf(request));
      return { ok: true as const };
    },
  );
});
