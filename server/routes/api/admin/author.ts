import type { FastifyRequest } from 'fastify';
import type { Author } from '../../../../core/api/history.ts';

/** The signed-in admin as history names them (the author of a revision or an undo entry). */
export const authorOf = (request: FastifyRequest): Author | null =>
  request.user ? { id: request.user.id, name: request.user.name || request.user.email } : null;
