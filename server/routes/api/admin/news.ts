import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activeInputSchema, idParamsSchema, okSchema } from '../../../../core/api/admin-world.ts';
import { newsInputSchema, newsItemSchema } from '../../../../core/content/news.ts';
import { addNews, deleteNews, listNews, updateNews } from '../../../db/repositories/news.ts';
import { publish } from '../../../live/bus.ts';
import { HttpError } from '../../../plugins/errors.ts';

const tags = ['admin: news'];
const notFound = () => new HttpError(404, 'News item not found');

/**
 * /api/admin/news (spec §2 'News Scroller Management', §7 news_items): every item newest
 * first, add (active at once), edit content and link, toggle active, delete. Every write
 * tells the live ticker (SSE 'news') so open games update within a second.
 */
export async function adminNewsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/news',
    {
      schema: {
        tags,
        summary: 'All news items, newest first',
        response: { 200: z.object({ items: z.array(newsItemSchema) }) },
      },
    },
    async () => ({ items: await listNews(app.db) }),
  );

  r.post(
    '/news',
    {
      schema: {
        tags,
        summary: 'Add a news item (active)',
        body: newsInputSchema,
        response: { 201: newsItemSchema },
      },
    },
    async (request, reply) => {
      const item = await addNews(app.db, request.body.content, request.body.link);
      await publish(app, 'news');
      return reply.status(201).send(item);
    },
  );

  r.put(
    '/news/:id',
    {
      schema: {
        tags,
        summary: 'Edit content and link',
        params: idParamsSchema,
        body: newsInputSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const ok = await updateNews(app.db, request.params.id, request.body);
      if (!ok) throw notFound();
      await publish(app, 'news');
      return { ok: true as const };
    },
  );

  r.patch(
    '/news/:id/active',
    {
      schema: {
        tags,
        summary: 'Activate or deactivate',
        params: idParamsSchema,
        body: activeInputSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const ok = await updateNews(app.db, request.params.id, { active: request.body.active });
      if (!ok) throw notFound();
      await publish(app, 'news');
      return { ok: true as const };
    },
  );

  r.delete(
    '/news/:id',
    {
      schema: {
        tags,
        summary: 'Delete a news item',
        params: idParamsSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const ok = await deleteNews(app.db, request.params.id);
      if (!ok) throw notFound();
      await publish(app, 'news');
      return { ok: true as const };
    },
  );
}
