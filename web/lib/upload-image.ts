import type { UploadBucket } from '../../core/api/uploads.ts';
import { apiFetch } from './api.ts';

/** POST /api/admin/uploads: the server checks, re-encodes and stores the image; answers its URL. */
export function uploadImage(file: File, bucket: UploadBucket): Promise<{ url: string }> {
  const form = new FormData();
  form.append('bucket', bucket);
  form.append('file', file);
  return apiFetch<{ url: string }>('/api/admin/uploads', { body: form });
}
