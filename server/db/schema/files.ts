import type { Timestamp } from './columns.ts';

/** Table files: uploaded images by content hash, served at /uploads/{hash}.{ext}. */
export interface FilesTable {
  hash: string;
  ext: string;
  mime: string;
  bucket: string;
  size: number;
  width: number;
  height: number;
  data: Buffer;
  created_at: Timestamp;
}
