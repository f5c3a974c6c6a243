import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../../errors.ts';
import type { SessionUser } from '../../../fastify.d.ts';

/** The session user of a play request (a guest counts); 401 'Authentication required' without one. */
export function playerOf(request: FastifyRequest): SessionUser {
  if (!request.user) throw new HttpError(401, 'Authentication required');
  return request.user;
}
