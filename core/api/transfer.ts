import { z } from 'zod';
import { KIND_NAMES } from '../transfer/format.ts';

/** Largest import request (the JSON file embeds images as base64). */
export const IMPORT_BODY_LIMIT = 50 * 1024 * 1024;

/** POST /api/admin/import/dry-run and /api/admin/import: the file's text and its format. */
export const importRequestSchema = z.object({
  format: z.enum(['json', 'twee']),
  text: z.string().min(1, 'The file is empty'),
});
export type ImportRequest = z.infer<typeof importRequestSchema>;

const kindDiffSchema = z.object({
  added: z.array(z.string()),
  changed: z.array(z.string()),
  removed: z.array(z.string()),
  unchanged: z.number().int(),
});

export const importPlanSchema = z.object({
  kinds: z.partialRecord(z.enum(KIND_NAMES as [string, ...string[]]), kindDiffSchema),
  files: z.object({ added: z.number().int() }),
});

export const importResponseSchema = z.object({
  applied: z.boolean(),
  plan: importPlanSchema,
});
export type ImportResponse = z.infer<typeof importResponseSchema>;
