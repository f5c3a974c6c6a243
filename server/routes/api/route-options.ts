import type { FastifySchema } from 'fastify';

/**
 * The options of a route: its OpenAPI summary, its answers by status, and what else its schema
 * holds (params, querystring, body, description, tags, security), in the order Fastify and the
 * OpenAPI document read them:
 * `app.get('/scenes/:id', routeOptions('One scene', { 200: scene }, { params }), handler)`.
 */
export function routeOptions<
  const Response extends Record<number, unknown>,
  const Takes extends Omit<FastifySchema, 'summary' | 'response'> = Record<never, never>,
>(summary: string, response: Response, takes?: Takes) {
  return { schema: { summary, ...(takes as Takes), response } };
}

/** The options of a play route: `routeOptions` for a player's session, under the 'play' tag. */
export function playRouteOptions<
  const Response extends Record<number, unknown>,
  const Takes extends Omit<FastifySchema, 'summary' | 'response'> = Record<never, never>,
>(summary: string, response: Response, takes?: Takes) {
  return routeOptions(summary, response, {
    tags: ['play'],
    security: [{ session: [] }],
    ...(takes as Takes),
  });
}
