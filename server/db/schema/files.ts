import type { ColumnType } from 'kysely';
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
  /** The address a visitor's photo came from while no application uses it (migration 018). */
  pending_from: ColumnType<string | null, string | null | undefined, string | null>;
}
