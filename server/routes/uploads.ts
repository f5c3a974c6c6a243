import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_TYPES } from '../../core/api/uploads.ts';
import { readImage } from '../services/images/store-image.ts';

/** The served type by extension: never the stored claim (a file stored before the checks). */
const TYPE_BY_EXT: Record<string, string> = Object.fromEntries(
  Object.entries(IMAGE_TYPES).map(([mime, ext]) => [ext, mime]),
);
TYPE_BY_EXT.jpeg = 'image/jpeg';

const paramsSchema = z.object({ file: z.string().max(100) });

/**
 * GET /uploads/{hash}.{ext}: a stored image. The name is its content hash, so it never changes:
 * cached for a year as immutable. The type comes from the extension (only image types are
 * served); nosniff keeps browsers from reading it as anything else, and the sandboxing CSP keeps
 * even a file opened as a document from running anything (docs/security.md).
 */
export async function uploadRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/uploads/:file',
    {
      schema: { summary: 'A stored image by content hash', tags: ['files'], params: paramsSchema },
    },
    async (request, reply) => {
      const match = /^([a-f0-9]{64})\.([a-z0-9]+)$/.exec(request.params.file);
      const file = match ? await readImage(app.db, match[1]!) : null;
      const type = match ? TYPE_BY_EXT[match[2]!] : undefined;
      if (!file || !type || file.ext !== match?.[2]) {
        return reply
          .status(404)
          .send({ error: 'Not Found', message: `File /uploads/${request.params.file} not found` });
      }
      return reply
        .header('content-type', type)
        .header('content-length', file.data.length)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('etag', `"${file.hash}"`)
        .send(file.data);
    },
  );
}
