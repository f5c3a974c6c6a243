import { z } from 'zod';
import { KIND_NAMES } from '../transfer/format.ts';

/** Largest file an import takes (the JSON export embeds images as base64): docs/authoring.md. */
const IMPORT_FILE_LIMIT = 50 * 1024 * 1024;

/**
 * Largest import request. The file travels as a JSON string, where escaping makes it longer (a
 * quote becomes \", a line break \n), so the request may be twice the file; the file itself is
 * held to IMPORT_FILE_LIMIT (importFileTooBig).
 */
export const IMPORT_BODY_LIMIT = 2 * IMPORT_FILE_LIMIT;

const MB = 1024 * 1024;

/**
 * What to tell an author whose file is over the import limit (`bytes` of the file, as the browser
 * reads its size or the server counts its UTF-8 text), or null when it fits.
 */
export function importFileTooBig(bytes: number): string | null {
  if (bytes <= IMPORT_FILE_LIMIT) return null;
  return `This file is ${(bytes / MB).toFixed(1)} MB; an import takes files of up to ${IMPORT_FILE_LIMIT / MB} MB.`;
}

/**
 * POST /api/admin/import/dry-run and /api/admin/import: the file's text and its format (our JSON,
 * Twee 3, or a Twine 2 published story / archive as HTML).
 */
export const importRequestSchema = z.object({
  format: z.enum(['json', 'twee', 'html']),
  text: z.string().min(1, 'The file is empty'),
});
export type ImportRequest = z.infer<typeof importRequestSchema>;

const kindDiffSchema = z.object({
  added: z.array(z.string()),
  changed: z.array(z.string()),
  removed: z.array(z.string()),
  unchanged: z.number().int(),
});

/** The story's Twine identity after the import, and whether the import changes it. */
const storyPlanSchema = z.object({
  ifid: z.string(),
  title: z.string(),
  format: z.string().nullable(),
  formatVersion: z.string().nullable(),
  changed: z.boolean(),
});

const importPlanSchema = z.object({
  kinds: z.partialRecord(z.enum(KIND_NAMES as [string, ...string[]]), kindDiffSchema),
  files: z.object({ added: z.number().int() }),
  story: storyPlanSchema.optional(),
});

/** What of a Twine story will not carry over: per passage (with its line) or for the whole file. */
const importWarningSchema = z.object({
  passage: z.string().nullable(),
  line: z.number().int().nullable(),
  message: z.string(),
});
export type ImportWarningItem = z.infer<typeof importWarningSchema>;

/**
 * The dry run's verdict on a Twine story (core/transfer/twine-dry-run.ts): whether a player can
 * reach an ending from the start, and the passage where play stops, when it does.
 */
const importVerdictSchema = z.object({
  plays: z.boolean(),
  message: z.string(),
  stopsAt: z.string().nullable(),
});

export const importResponseSchema = z.object({
  applied: z.boolean(),
  plan: importPlanSchema,
  warnings: z.array(importWarningSchema),
  /** Twee and Twine 2 HTML files only. */
  verdict: importVerdictSchema.optional(),
});
export type ImportResponse = z.infer<typeof importResponseSchema>;

/** GET /api/admin/import/progress: the long import, undo or export under way, or null. */
export const transferProgressSchema = z.object({
  progress: z
    .object({
      action: z.enum(['import', 'undo', 'export']),
      done: z.number().int(),
      total: z.number().int(),
      startedAt: z.string(),
    })
    .nullable(),
});
export type TransferProgressResponse = z.infer<typeof transferProgressSchema>;
