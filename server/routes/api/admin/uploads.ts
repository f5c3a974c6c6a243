import type { FastifyRequest } from 'fastify';
import {
  IMAGE_TYPES,
  MAX_UPLOAD_BYTES,
  UPLOAD_BUCKETS,
  UPLOAD_MESSAGES,
  type UploadBucket,
  uploadResponseSchema,
  uploadStatusSchema,
} from '../../../../core/api/uploads.ts';
import { HttpError } from '../../../errors.ts';
import { checkImageStorage, storeImage } from '../../../services/images/store-image.ts';
import { routeOptions } from '../route-options.ts';
import { taggedRoutes } from './tagged-routes.ts';

const isBucket = (v: unknown): v is UploadBucket =>
  typeof v === 'string' && (UPLOAD_BUCKETS as readonly string[]).includes(v);

/**
 * Reads the one file and the `bucket` field of a multipart upload, in either order. The
 * multipart plugin stops a file at 5 MB; its error becomes 413 'Image is larger than 5 MB'.
 */
async function readUpload(request: FastifyRequest): Promise<{ file: Buffer; bucket: unknown }> {
  if (!request.isMultipart()) throw new HttpError(400, UPLOAD_MESSAGES.noFile);
  let file: Buffer | undefined;
  let bucket: unknown;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (file) throw new HttpError(400, 'Upload one image at a time');
        file = await part.toBuffer();
      } else if (part.fieldname === 'bucket') {
        bucket = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, UPLOAD_MESSAGES.tooLarge);
    if (code === 'FST_FILES_LIMIT') throw new HttpError(400, 'Upload one image at a time');
    throw err;
  }
  if (!file || file.length === 0) throw new HttpError(400, UPLOAD_MESSAGES.noFile);
  return { file, bucket };
}

/** Image uploads shared by every admin page (scene images, sponsor logos, consultant photos). */
export const adminUploadRoutes = taggedRoutes('admin: uploads', (app) => {
  app.get(
    '/uploads/status',
    routeOptions('Whether image storage works (the editor shows Storage Not Available otherwise)', {
      200: uploadStatusSchema,
    }),
    async (request) => {
      try {
        await checkImageStorage(app.db);
      } catch (err) {
        request.log.error({ err }, 'image storage unavailable');
        throw new HttpError(503, UPLOAD_MESSAGES.notAvailable);
      }
      return {
        available: true as const,
        maxBytes: MAX_UPLOAD_BYTES,
        accept: Object.keys(IMAGE_TYPES),
      };
    },
  );

  app.post(
    '/uploads',
    {
      schema: {
        summary: 'Upload an image (multipart: file, bucket); returns its /uploads URL',
        description:
          'Only JPEG, PNG, WebP, GIF or AVIF (sniffed from the bytes), at most 5 MB (413) and ' +
          '40 megapixels (413). Re-encoded without metadata, longest side at most 2000 px.',
        consumes: ['multipart/form-data'],
        response: { 201: uploadResponseSchema },
      },
    },
    async (request, reply) => {
      const { file, bucket } = await readUpload(request);
      if (!isBucket(bucket)) throw new HttpError(400, UPLOAD_MESSAGES.badBucket);
      const stored = await storeImage(app.db, file, bucket);
      request.log.info({ bucket, url: stored.url, size: stored.size }, 'image uploaded');
      return reply.status(201).send(stored);
    },
  );
});
