import { z } from 'zod';

/** Where an upload belongs (product rules "Content" 'Storage buckets'); kept as a column of the file. */
export const UPLOAD_BUCKETS = ['scene-images', 'sponsors', 'consultant-photos'] as const;
export type UploadBucket = (typeof UPLOAD_BUCKETS)[number];

/** The largest upload accepted (product rules "Limits" 'max 5MB', enforced). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** The largest image accepted, in pixels (decompression bombs). */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Stored images are scaled down so their longest side is at most this. */
export const MAX_IMAGE_SIDE = 2000;

/** The image types accepted, by MIME type, with the extension they are served under. */
export const IMAGE_TYPES = Object.freeze({
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
} as const);
export type ImageMime = keyof typeof IMAGE_TYPES;

/** Upload texts: product rules "Validation" and "Messages" 'Storage', and ours where the spec has none. */
export const UPLOAD_MESSAGES = Object.freeze({
  noFile: 'Please select an image to upload',
  tooLarge: 'Image is larger than 5 MB',
  notImage: 'Only JPEG, PNG, WebP, GIF or AVIF images can be uploaded',
  tooManyPixels: 'Image is larger than 40 megapixels',
  unreadable: 'The image could not be read',
  badBucket: `Bucket must be one of ${UPLOAD_BUCKETS.join(', ')}`,
  notAvailable: 'Storage Not Available',
  uploadError: 'Upload Error',
  hint: '800x600px recommended, max 5MB',
});

/** POST /api/admin/uploads response. */
export const uploadResponseSchema = z.object({
  url: z.string(),
  mime: z.string(),
  size: z.number(),
  width: z.number(),
  height: z.number(),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/** GET /api/admin/uploads/status response. */
export const uploadStatusSchema = z.object({
  available: z.literal(true),
  maxBytes: z.number(),
  accept: z.array(z.string()),
});
