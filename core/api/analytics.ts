import { z } from 'zod';
import { STAT_KEYS } from '../game/stats.types.ts';

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates must look like 2026-11-23')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'Not a real date');

/** ?from&to: inclusive days (UTC); either may be left out. */
export const analyticsQuerySchema = z
  .object({ from: day.optional(), to: day.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'The start date must not be after the end date',
    path: ['from'],
  });
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

/** Guests and signed-in players, always counted apart. */
const splitSchema = z.object({ guests: z.number().int(), players: z.number().int() });
export type Split = z.infer<typeof splitSchema>;

const sceneRowSchema = z.object({
  sceneId: z.string(),
  title: z.string(),
  isEnding: z.boolean(),
  reached: splitSchema,
  stopped: splitSchema,
});
export type SceneRow = z.infer<typeof sceneRowSchema>;

/**
 * A backlog of decisions being counted into the figures (a restored log, an upgrade): how many of
 * them are in so far. Null when every decision is counted.
 */
const countingProgressSchema = z
  .object({
    counted: z.number().int(),
    total: z.number().int(),
    /** counted of total, 0..99 while counting. */
    percent: z.number().int(),
  })
  .nullable();
export type CountingProgress = NonNullable<z.infer<typeof countingProgressSchema>>;

export const analyticsOverviewSchema = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Distinct people who made at least one choice in the range. */
  people: splitSchema,
  choices: splitSchema,
  /** Choices per day (UTC), oldest first. */
  perDay: z.array(
    z.object({ day: z.string(), guests: z.number().int(), players: z.number().int() }),
  ),
  scenes: z.array(sceneRowSchema),
  endings: z.array(sceneRowSchema),
  /** Decisions in the log not yet added to these figures (a large backlog is counted in the background). */
  pending: z.number().int(),
  counting: countingProgressSchema,
});
export type AnalyticsOverview = z.infer<typeof analyticsOverviewSchema>;

const optionStatSchema = z.object({
  optionId: z.string(),
  text: z.string(),
  picks: splitSchema,
  /** Share of all choices made at this scene, 0..1. */
  rate: z.number(),
});

const statSummarySchema = z.object({
  key: z.enum(STAT_KEYS),
  count: z.number().int(),
  min: z.number(),
  median: z.number(),
  mean: z.number(),
  max: z.number(),
  /** Histogram: equal-width buckets from min to max. */
  buckets: z.array(z.object({ from: z.number(), to: z.number(), count: z.number().int() })),
});
export type StatSummary = z.infer<typeof statSummarySchema>;

export const sceneAnalyticsSchema = z.object({
  sceneId: z.string(),
  title: z.string(),
  reached: splitSchema,
  stopped: splitSchema,
  options: z.array(optionStatSchema),
  /** Stats players had on arriving at the scene (from the choice that led there). */
  stats: z.array(statSummarySchema),
  counting: countingProgressSchema,
});
export type SceneAnalytics = z.infer<typeof sceneAnalyticsSchema>;
