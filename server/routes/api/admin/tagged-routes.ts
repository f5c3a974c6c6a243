import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** A Fastify instance whose routes take their types from their zod schemas. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * A routes plugin: `register` declares routes whose types come from their zod schemas, and each
 * of them is listed under `tag` in the OpenAPI document (a route naming its own tags keeps them).
 */
export function taggedRoutes(tag: string, register: (app: ZodApp) => void | Promise<void>) {
  return async function routes(fastify: FastifyInstance): Promise<void> {
    fastify.addHook('onRoute', (route) => {
      route.schema ??= {};
      route.schema.tags ??= [tag];
    });
    await register(fastify.withTypeProvider<ZodTypeProvider>());
  };
}
