import { z } from 'zod';

/** The two fields of every error answer (the server's one error handler writes them: server/plugins/errors.ts). */
export const errorFields = { error: z.string(), message: z.string() };

/**
 * An error answer whose `code` names the refusal, for the page to place its message. Each call
 * makes a schema of its own, so the OpenAPI document can name one apart (PlayError).
 */
export function codedErrorSchema() {
  return z.object({ ...errorFields, code: z.string().optional() });
}
