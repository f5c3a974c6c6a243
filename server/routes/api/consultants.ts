import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  consultantApplicationSchema,
  publicConsultantSchema,
} from '../../../core/api/admin-world-site.ts';
import { UPLOAD_MESSAGES, uploadResponseSchema } from '../../../core/api/uploads.ts';
import { HttpError } from '../../errors.ts';
import {
  attachPhoto,
  startUploadSweep,
  storeVisitorPhoto,
} from '../../services/images/pending-uploads.ts';
import { applyAsConsultant, listDirectory } from '../../services/world/consultants.ts';

const tags = ['consultants'];
const TEN_MINUTES = 10 * 60 * 1000;

/**
 * The public consultant pages (product rules "Screens", "Roles" rules: anonymous visitors may see the directory and apply).
 * GET /api/consultants: approved and featured, featured first, never an e-mail.
 * POST /api/consultants: an application, stored as pending; rate-limited per address, with a
 * honeypot field (`phone`): filled in means a bot, which is told 'submitted' and nothing is kept.
 * POST /api/consultants/photo: the application's photo (bucket consultant-photos), rate-limited,
 * with a storage allowance per address; a photo no application uses is removed after a day
 * (services/images/pending-uploads.ts).
 */
export async function consultantRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const stopSweep = startUploadSweep(app);
  app.addHook('onClose', async () => stopSweep());

  r.get(
    '/consultants',
    {
      schema: {
        tags,
        summary: 'The public directory of consultants',
        response: { 200: z.object({ consultants: z.array(publicConsultantSchema) }) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { consultants: await listDirectory(app.db) };
    },
  );

  r.post(
    '/consultants',
    {
      config: { rateLimit: { max: 5, timeWindow: TEN_MINUTES } },
      schema: {
        tags,
        summary: 'Apply to become a consultant (stored as pending)',
        body: consultantApplicationSchema,
        response: { 201: z.object({ ok: z.literal(true), status: z.literal('pending') }) },
      },
    },
    async (request, reply) => {
      const { phone, ...fields } = request.body;
      if (phone?.trim()) {
        request.log.warn({ ip: request.ip }, 'consultant application refused: honeypot filled');
      } else {
        const saved = await applyAsConsultant(app.db, fields);
        await attachPhoto(app.db, fields.imageUrl);
        request.log.info({ consultantId: saved.id }, 'consultant application received');
      }
      return reply.status(201).send({ ok: true as const, status: 'pending' as const });
    },
  );

  r.post(
    '/consultants/photo',
    {
      config: { rateLimit: { max: 10, timeWindow: TEN_MINUTES } },
      schema: {
        tags,
        summary: 'Upload the photo of an application (multipart, field file)',
        consumes: ['multipart/form-data'],
        response: { 201: uploadResponseSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(400, UPLOAD_MESSAGES.noFile);
      let buffer: Buffer | undefined;
      try {
        const file = await request.file();
        buffer = await file?.toBuffer();
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode === 413) {
          throw new HttpError(413, UPLOAD_MESSAGES.tooLarge);
        }
        throw err;
      }
      if (!buffer || buffer.length === 0) throw new HttpError(400, UPLOAD_MESSAGES.noFile);
      const stored = await storeVisitorPhoto(app.db, buffer, request.ip);
      return reply.status(201).send(stored);
    },
  );
}
