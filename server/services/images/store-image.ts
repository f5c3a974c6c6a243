import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { UploadBucket, UploadResponse } from '../../../core/api/uploads.ts';
import { getFile, pingFiles, putFile, type StoredFile } from '../../db/repositories/files.ts';
import type { Database } from '../../db/schema/database.ts';
import { processImage } from './process-image.ts';

/** The public path of a stored file. */
export const uploadUrl = (hash: string, ext: string): string => `/uploads/${hash}.${ext}`;

/** Checks and re-encodes an upload: the files row to store and the answer to give. */
export async function storedImage(
  input: Buffer,
  bucket: UploadBucket,
): Promise<{ file: StoredFile; response: UploadResponse }> {
  const image = await processImage(input);
  const hash = createHash('sha256').update(image.data).digest('hex');
  const { ext, mime, width, height } = image;
  const size = image.data.length;
  return {
    file: { hash, ext, mime, bucket, size, width, height, data: image.data },
    response: { url: uploadUrl(hash, ext), mime, size, width, height },
  };
}

/**
 * Checks, re-encodes and stores an uploaded image in `files`, keyed by the SHA-256 of the stored
 * bytes (the same image uploaded twice is kept once). Throws HttpError 413/415 for refused files.
 * Shared by the admin upload paths (scene images, sponsor logos, consultant photos); a visitor's
 * photo goes through pending-uploads.ts.
 */
export async function storeImage(
  db: Kysely<Database>,
  input: Buffer,
  bucket: UploadBucket,
): Promise<UploadResponse> {
  const { file, response } = await storedImage(input, bucket);
  await putFile(db, file);
  return response;
}

/** A stored image by its content hash, or null. */
export function readImage(db: Kysely<Database>, hash: string): Promise<StoredFile | null> {
  return getFile(db, hash);
}

/** Throws when image storage does not answer (the upload status check). */
export function checkImageStorage(db: Kysely<Database>): Promise<void> {
  return pingFiles(db);
}
