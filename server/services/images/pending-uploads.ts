import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { UploadResponse } from '../../../core/api/uploads.ts';
import {
  attachFile,
  deleteStalePending,
  pendingBytes,
  putFile,
} from '../../db/repositories/files.ts';
import type { Database } from '../../db/schema/database.ts';
import { HttpError } from '../../errors.ts';
import { addressKey } from '../../plugins/address-key.ts';
import { startSweep } from '../sweep.ts';
import { storedImage } from './store-image.ts';

type Db = Kysely<Database>;

/** How long a visitor's photo no application uses is kept (docs/security.md "Uploads"). */
export const PENDING_UPLOAD_MS = 24 * 60 * 60 * 1000;
/** Bytes of such photos one address (IPv6: its /64) may have stored at once. */
export const PENDING_BYTES_PER_ADDRESS = 20 * 1024 * 1024;
/** How often the server removes photos left unused for a day. */
const UPLOAD_SWEEP_EVERY_MS = 60 * 60 * 1000;

export const PENDING_UPLOAD_MESSAGE =
  'Too many photos from your network are waiting for an application; send your application, or try again tomorrow';

/**
 * A visitor's consultant photo (POST /api/consultants/photo): checked and stored like any upload,
 * marked pending under its address until an application uses it. An address holding more than
 * PENDING_BYTES_PER_ADDRESS of pending photos is refused (429); the same bytes sent again cost
 * nothing.
 */
export async function storeVisitorPhoto(
  db: Db,
  input: Buffer,
  ip: string,
): Promise<UploadResponse> {
  const from = addressKey(ip);
  const { file, response } = await storedImage(input, 'consultant-photos');
  if ((await pendingBytes(db, from)) + file.size > PENDING_BYTES_PER_ADDRESS) {
    throw new HttpError(429, PENDING_UPLOAD_MESSAGE, 'rate_limited');
  }
  await putFile(db, file, from);
  return response;
}

const HASH_IN_URL = /\/uploads\/([a-f0-9]{64})\./;

/** An application uses the photo at `imageUrl`: it is kept for good. */
export async function attachPhoto(db: Db, imageUrl: string | null | undefined): Promise<void> {
  const hash = imageUrl ? HASH_IN_URL.exec(imageUrl)?.[1] : undefined;
  if (hash) await attachFile(db, hash);
}

/** Removes pending photos older than a day that nothing uses, in batches; returns how many. */
export async function removeStalePhotos(db: Db, at = Date.now()): Promise<number> {
  const before = new Date(at - PENDING_UPLOAD_MS).toISOString();
  let total = 0;
  for (;;) {
    const n = await deleteStalePending(db, before, 200);
    total += n;
    if (n < 200) return total;
  }
}

/** Runs removeStalePhotos a few seconds after start and every hour; returns the stop. */
export function startUploadSweep(app: FastifyInstance): () => void {
  return startSweep(app, {
    run: () => removeStalePhotos(app.db),
    firstAfterMs: 5000,
    everyMs: UPLOAD_SWEEP_EVERY_MS,
    done: (n) => app.log.info({ removed: n }, 'unused visitor photos removed after a day'),
    failed: 'visitor photo sweep failed',
  });
}
