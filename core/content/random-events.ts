import { z } from 'zod';
import { integerInput, optionalImageRef, optionalText, requiredText } from '../api/admin-world.ts';
import { camelRow, iso, key, nullText, onFlag, snakeRow } from './columns.ts';
import { defineWorldKind } from './world-kind.ts';

/** The seven integer change fields of a random event, in the order of product rules "Content". */
export const EVENT_CHANGE_FIELDS = [
  'budgetChange',
  'knowledgeChange',
  'delusionChange',
  'revenueChange',
  'happinessChange',
  'trafficChange',
  'seoRankingChange',
] as const;
export type EventChangeField = (typeof EVENT_CHANGE_FIELDS)[number];

/** How the admin table and form name each change (the stat label map of product rules "Content"). */
export const EVENT_CHANGE_LABELS: Record<EventChangeField, string> = {
  budgetChange: 'Budget',
  knowledgeChange: 'Knowledge',
  delusionChange: 'Delusion',
  revenueChange: 'Revenue',
  happinessChange: 'Happiness',
  trafficChange: 'Traffic',
  seoRankingChange: 'SEO Ranking',
};

/** Product rules "Limits": the default frequency of a new random event (admin form, file and demo content). */
export const DEFAULT_EVENT_FREQUENCY = 5;

const change = z.number().int().default(0);

/** One random event row (table random_events, product rules "Content"). */
export const randomEventRowSchema = z.object({
  id: key,
  title: z.string().min(1),
  description: z.string().default(''),
  media_type: z.enum(['image', 'video']).default('image'),
  media_url: nullText,
  video_embed_code: nullText,
  frequency: z.number().int().min(1).default(DEFAULT_EVENT_FREQUENCY),
  is_active: onFlag,
  budget_change: change,
  knowledge_change: change,
  delusion_change: change,
  revenue_change: change,
  happiness_change: change,
  traffic_change: change,
  seo_ranking_change: change,
  created_at: iso,
});

const changeFields = Object.fromEntries(EVENT_CHANGE_FIELDS.map((f) => [f, integerInput(0)])) as {
  [K in EventChangeField]: ReturnType<typeof integerInput>;
};

/** The form's one message when a required field is blank (product rules "Validation"). */
const BOTH_REQUIRED = 'Title and description are required';

/** Body of POST/PUT /api/admin/random-events (product rules "Validation" 'Random event'). */
export const randomEventInputSchema = z.object({
  title: requiredText('Title', 200, BOTH_REQUIRED),
  description: requiredText('Description', 5000, BOTH_REQUIRED),
  mediaType: z.enum(['image', 'video']).default('image'),
  mediaUrl: optionalImageRef('Media URL'),
  videoEmbedCode: optionalText(5000),
  frequency: integerInput(DEFAULT_EVENT_FREQUENCY).pipe(
    z.number().min(1, 'Frequency must be at least 1'),
  ),
  isActive: z.boolean().default(true),
  ...changeFields,
});

/** A random event as the admin API returns it. */
const randomEventSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  mediaType: z.string(),
  mediaUrl: z.string().nullable(),
  videoEmbedCode: z.string().nullable(),
  frequency: z.number(),
  isActive: z.boolean(),
  createdAt: z.string(),
  budgetChange: z.number(),
  knowledgeChange: z.number(),
  delusionChange: z.number(),
  revenueChange: z.number(),
  happinessChange: z.number(),
  trafficChange: z.number(),
  seoRankingChange: z.number(),
});

/** The table's 'Stat Changes' column: non-zero changes only, as '+n Label' / '-n Label'. */
export function formatEventChanges(event: Record<EventChangeField, number>): string[] {
  return EVENT_CHANGE_FIELDS.filter((f) => event[f] !== 0).map(
    (f) => `${event[f] > 0 ? '+' : ''}${event[f]} ${EVENT_CHANGE_LABELS[f]}`,
  );
}

/** Random events that interrupt signed-in players every N choices (product rules "Screens"), newest first. */
export const randomEventKind = defineWorldKind({
  name: 'randomEvents',
  table: 'random_events',
  noun: 'Random event',
  listKey: 'events',
  rowSchema: randomEventRowSchema,
  inputSchema: randomEventInputSchema,
  viewSchema: randomEventSchema,
  activeColumn: 'is_active',
  toView: camelRow,
  toValues: snakeRow,
});
