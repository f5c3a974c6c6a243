import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionResponseSchema } from '../../../core/api/session.ts';
import { sessionView } from '../../services/boot-data.ts';
import { routeOptions } from './route-options.ts';

/** GET /api/session: who the browser is signed in as (role decided on the server), or null. */
export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/session',
      routeOptions('The current session user', { 200: sessionResponseSchema }, { tags: ['auth'] }),
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return sessionView(request.user);
      },
    );
}
