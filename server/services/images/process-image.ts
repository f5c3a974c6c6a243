import type { Metadata, Sharp } from 'sharp';
import {
  IMAGE_TYPES,
  type ImageMime,
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_SIDE,
  UPLOAD_MESSAGES,
} from '../../../core/api/uploads.ts';
import { HttpError } from '../../errors.ts';

/** A re-encoded image, ready to store. */
export interface ProcessedImage {
  data: Buffer;
  mime: ImageMime;
  ext: string;
  width: number;
  height: number;
}

const isImageMime = (mime: string): mime is ImageMime => Object.hasOwn(IMAGE_TYPES, mime);

function encode(pipeline: Sharp, mime: ImageMime): Sharp {
  switch (mime) {
    case 'image/jpeg':
      return pipeline.jpeg({ quality: 82, mozjpeg: true });
    case 'image/png':
      return pipeline.png({ compressionLevel: 9 });
    case 'image/webp':
      return pipeline.webp({ quality: 82 });
    case 'image/gif':
      return pipeline.gif();
    case 'image/avif':
      return pipeline.avif({ quality: 55, effort: 4 });
  }
}

/**
 * Checks and re-encodes an uploaded image. The real type is sniffed from the bytes (the name
 * and the browser's claim count for nothing): only JPEG, PNG, WebP, GIF and AVIF pass, so SVG
 * and anything else is refused with 415. Images over 40 megapixels are refused with 413 before
 * decoding. The image is turned upright per its EXIF orientation, scaled so its longest side is
 * at most 2000 px, and re-encoded in its own format, which drops all metadata (EXIF, GPS, ICC
 * comments). Animated GIF/WebP keep their frames.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  // Loaded on the first upload: sharp (libvips) and file-type weigh ~40 MB a server needs only then.
  const [{ fileTypeFromBuffer }, { default: sharp }] = await Promise.all([
    import('file-type'),
    import('sharp'),
  ]);
  const sniffed = await fileTypeFromBuffer(input);
  if (!sniffed || !isImageMime(sniffed.mime)) throw new HttpError(415, UPLOAD_MESSAGES.notImage);
  const mime = sniffed.mime;
  const animated = mime === 'image/gif' || mime === 'image/webp';
  const open = () =>
    sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, animated, failOn: 'error' });

  let meta: Metadata;
  try {
    meta = await open().metadata();
  } catch (err) {
    if (/pixel limit/i.test((err as Error).message)) {
      throw new HttpError(413, UPLOAD_MESSAGES.tooManyPixels);
    }
    throw new HttpError(415, UPLOAD_MESSAGES.unreadable);
  }
  const frameHeight = meta.pageHeight ?? meta.height ?? 0;
  const pages = meta.pages ?? 1;
  if ((meta.width ?? 0) * frameHeight * pages > MAX_IMAGE_PIXELS) {
    throw new HttpError(413, UPLOAD_MESSAGES.tooManyPixels);
  }

  let pipeline = open();
  // EXIF orientation only exists on single-frame photos; rotating an animation is unsupported.
  if (pages === 1) pipeline = pipeline.rotate();
  pipeline = pipeline.resize({
    width: MAX_IMAGE_SIDE,
    height: MAX_IMAGE_SIDE,
    fit: 'inside',
    withoutEnlargement: true,
  });
  try {
    const { data, info } = await encode(pipeline, mime).toBuffer({ resolveWithObject: true });
    const height = info.pageHeight ?? info.height;
    return { data, mime, ext: IMAGE_TYPES[mime], width: info.width, height };
  } catch (err) {
    if (/pixel limit/i.test((err as Error).message)) {
      throw new HttpError(413, UPLOAD_MESSAGES.tooManyPixels);
    }
    throw new HttpError(415, UPLOAD_MESSAGES.unreadable);
  }
}
