import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activeInputSchema, idParamsSchema, okSchema } from '../../../../core/api/admin-world.ts';
import {
  type RandomEvent,
  randomEventInputSchema,
  randomEventSchema,
} from '../../../../core/content/random-events.ts';
import {
  createRandomEvent,
  deleteRandomEvent,
  getRandomEvent,
  listRandomEvents,
  type RandomEventRow,
  type RandomEventValues,
  setRandomEventActive,
  updateRandomEvent,
} from '../../../db/repositories/random-events.ts';
import { publish } from '../../../live/bus.ts';
import { HttpError } from '../../../plugins/errors.ts';

const tags = ['admin: random events'];
const notFound = () => new HttpError(404, 'Random event not found');

/** A stored event as the admin API shows it. */
export function toEventView(r: RandomEventRow): RandomEvent {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    mediaType: r.media_type,
    mediaUrl: r.media_url,
    videoEmbedCode: r.video_embed_code,
    frequency: r.frequency,
    isActive: r.is_active,
    createdAt: r.created_at,
    budgetChange: r.budget_change,
    knowledgeChange: r.knowledge_change,
    delusionChange: r.delusion_change,
    revenueChange: r.revenue_change,
    happinessChange: r.happiness_change,
    trafficChange: r.traffic_change,
    seoRankingChange: r.seo_ranking_change,
  };
}

function toValues(v: z.output<typeof randomEventInputSchema>): RandomEventValues {
  return {
    title: v.title,
    description: v.description,
    media_type: v.mediaType,
    media_url: v.mediaUrl,
    video_embed_code: v.videoEmbedCode,
    frequency: v.frequency,
    is_active: v.isActive,
    budget_change: v.budgetChange,
    knowledge_change: v.knowledgeChange,
    delusion_change: v.delusionChange,
    revenue_change: v.revenueChange,
    happiness_change: v.happinessChange,
    traffic_change: v.trafficChange,
    seo_ranking_change: v.seoRankingChange,
  };
}

/**
 * /api/admin/random-events (spec §2 'Random Events Management', §7 random_events): list
 * newest first, create, update, toggle active, delete.
 */
export async function adminRandomEventRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const one = { params: idParamsSchema };

  r.get(
    '/random-events',
    {
      schema: {
        tags,
        summary: 'All random events, newest first',
        response: { 200: z.object({ events: z.array(randomEventSchema) }) },
      },
    },
    async () => ({ events: (await listRandomEvents(app.db)).map(toEventView) }),
  );

  r.post(
    '/random-events',
    {
      schema: {
        tags,
        summary: 'Create a random event',
        body: randomEventInputSchema,
        response: { 201: randomEventSchema },
      },
    },
    async (request, reply) => {
      const row = await createRandomEvent(app.db, toValues(request.body));
      await publish(app, 'content');
      return reply.status(201).send(toEventView(row));
    },
  );

  r.put(
    '/random-events/:id',
    {
      schema: {
        tags,
        summary: 'Update a random event',
        ...one,
        body: randomEventInputSchema,
        response: { 200: randomEventSchema },
      },
    },
    async (request) => {
      if (!(await updateRandomEvent(app.db, request.params.id, toValues(request.body))))
        throw notFound();
      const row = await getRandomEvent(app.db, request.params.id);
      if (!row) throw notFound();
      await publish(app, 'content');
      return toEventView(row);
    },
  );

  r.patch(
    '/random-events/:id/active',
    {
      schema: {
        tags,
        summary: 'Activate or deactivate',
        ...one,
        body: activeInputSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      if (!(await setRandomEventActive(app.db, request.params.id, request.body.active)))
        throw notFound();
      await publish(app, 'content');
      return { ok: true as const };
    },
  );

  r.delete(
    '/random-events/:id',
    { schema: { tags, summary: 'Delete a random event', ...one, response: { 200: okSchema } } },
    async (request) => {
      if (!(await deleteRandomEvent(app.db, request.params.id))) throw notFound();
      await publish(app, 'content');
      return { ok: true as const };
    },
  );
}
