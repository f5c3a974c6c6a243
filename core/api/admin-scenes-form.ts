import { z } from 'zod';
import { OPTION_WHY_MAX } from '../content/scenes.ts';
import { isStatKey, STAT_LABELS } from '../game/stats.ts';
import { STAT_KEYS, type StatKey } from '../game/stats.types.ts';
import { type AdminOption, OPTION_MESSAGES, type SceneOptionInput } from './admin-scene-options.ts';
import {
  type AdminScene,
  atMostCharacters,
  SCENE_LIMITS,
  SCENE_MESSAGES,
  type SceneWithOptions,
  sceneIdSchema,
} from './admin-scenes.ts';

/**
 * The scene editor's form ('One scene, one save'): details, stats and options in one
 * set of values. Number boxes hold text, so a value that is not a number is refused under its
 * box instead of being dropped; the converters below turn valid values into the API's input.
 */

/** A number as typed: blank, or a finite number. */
const isNumberText = (v: string) => v.trim() === '' || Number.isFinite(Number(v.trim()));
const lengthLimit = (label: string, max: number) =>
  z.string().max(max, atMostCharacters(label, max));

const statTexts = (check: (v: string) => boolean, message: (label: string) => string) =>
  z.object(
    Object.fromEntries(
      STAT_KEYS.map((k) => [k, z.string().refine(check, message(STAT_LABELS[k]))]),
    ) as unknown as Record<StatKey, z.ZodString>,
  );

/** One option as the option dialog edits it; display fields come from the server's option. */
export const optionFormSchema = z
  .object({
    key: z.string(),
    id: z.string().optional(),
    text: z
      .string()
      .trim()
      .min(1, OPTION_MESSAGES.textRequired)
      .max(500, 'Option text must be at most 500 characters'),
    why: z.string().trim().max(OPTION_WHY_MAX, OPTION_MESSAGES.whyTooLong),
    destinationType: z.enum(['scene', 'url']),
    nextSceneId: z.string(),
    isPlaceholder: z.boolean(),
    nextUrl: z.string(),
    changes: statTexts(isNumberText, (l) => `${l} change must be a number`),
    addInventory: z.string(),
    removeInventory: z.string(),
    required: statTexts(
      (v) => isNumberText(v) && (v.trim() === '' || Number(v) >= 0),
      (l) => `Min ${l} must be a number of at least 0`,
    ),
    requiredItems: z.string(),
    nextSceneTitle: z.string().nullable(),
    isPending: z.boolean(),
    isBroken: z.boolean(),
  })
  .superRefine((o, ctx) => {
    if (o.destinationType === 'url') {
      if (o.nextUrl.trim() === '') {
        ctx.addIssue({ code: 'custom', path: ['nextUrl'], message: OPTION_MESSAGES.urlRequired });
      } else if (!/^https?:\/\/\S+$/i.test(o.nextUrl.trim())) {
        ctx.addIssue({ code: 'custom', path: ['nextUrl'], message: OPTION_MESSAGES.urlFormat });
      }
    } else if (o.nextSceneId.trim() === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['nextSceneId'],
        message: OPTION_MESSAGES.nextRequired,
      });
    }
  });
export type OptionFormValues = z.infer<typeof optionFormSchema>;

/** One row of the stats table. */
const statRowSchema = z.object({
  id: z.string().trim().min(1, 'Stat ID is required').max(100),
  name: z
    .string()
    .trim()
    .min(1, 'Stat name is required')
    .max(100, 'Stat name must be at most 100 characters'),
  value: z.string().refine((v) => v.trim() !== '' && isNumberText(v), 'Value must be a number'),
});

/** The whole scene editor. `id` is checked only for a new scene (`isNew`). */
export const sceneFormSchema = z
  .object({
    isNew: z.boolean(),
    id: z.string(),
    title: z
      .string()
      .trim()
      .min(1, SCENE_MESSAGES.titleRequired)
      .max(SCENE_LIMITS.title, `Title must be at most ${SCENE_LIMITS.title} characters`),
    subtitle: lengthLimit('Subtitle', SCENE_LIMITS.subtitle),
    reference: lengthLimit('Reference', SCENE_LIMITS.reference),
    day: z
      .string()
      .refine(
        (v) => v.trim() === '' || (/^\d+$/.test(v.trim()) && Number(v) >= 1),
        SCENE_MESSAGES.dayMin,
      ),
    isEnding: z.boolean(),
    isEndOfDay: z.boolean(),
    aiInstructions: lengthLimit('AI Instructions', SCENE_LIMITS.aiInstructions),
    description: lengthLimit('Description', SCENE_LIMITS.description),
    htmlSection: lengthLimit('Embedded HTML', SCENE_LIMITS.htmlSection),
    imageUrl: z.string().nullable(),
    stats: z.array(statRowSchema).max(50, 'At most 50 stats'),
    options: z.array(optionFormSchema).max(50, 'At most 50 options'),
  })
  .superRefine((f, ctx) => {
    if (!f.isNew) return;
    const id = sceneIdSchema.safeParse(f.id);
    if (!id.success) {
      ctx.addIssue({ code: 'custom', path: ['id'], message: id.error.issues[0]?.message ?? '' });
    }
  });
export type SceneFormValues = z.infer<typeof sceneFormSchema>;

const text = (n: number | undefined) => (n === undefined ? '' : String(n));
const listText = (items: readonly string[] | null | undefined) => items?.join(', ') ?? '';
const list = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

let newKeys = 0;
/** A key for an option not saved yet (list keys and dialog identity). */
const newOptionKey = () => `new-${Date.now().toString(36)}-${++newKeys}`;

/** The option dialog's values of a stored option, or of a new one. */
export function optionFormOf(o: AdminOption | null): OptionFormValues {
  return {
    key: o?.id ?? newOptionKey(),
    id: o?.id,
    text: o?.text ?? '',
    why: o?.why ?? '',
    destinationType: o?.nextUrl ? 'url' : 'scene',
    nextSceneId: o?.nextSceneId ?? '',
    isPlaceholder: o?.isPending ?? false,
    nextUrl: o?.nextUrl ?? '',
    changes: Object.fromEntries(STAT_KEYS.map((k) => [k, text(o?.statChanges[k])])) as Record<
      StatKey,
      string
    >,
    addInventory: listText(o?.statChanges.addInventory),
    removeInventory: listText(o?.statChanges.removeInventory),
    required: Object.fromEntries(STAT_KEYS.map((k) => [k, text(o?.requiredStats?.[k])])) as Record<
      StatKey,
      string
    >,
    requiredItems: listText(o?.requiredItems),
    nextSceneTitle: o?.nextSceneTitle ?? null,
    isPending: o?.isPending ?? false,
    isBroken: o?.isBroken ?? false,
  };
}

/** A valid option form as the API takes it (in a whole-scene save). */
export function toOptionInput(o: OptionFormValues): SceneOptionInput {
  const statChanges: SceneOptionInput['statChanges'] = {};
  const requiredStats: Partial<Record<StatKey, number>> = {};
  for (const k of STAT_KEYS) {
    if (o.changes[k].trim() !== '') statChanges[k] = Number(o.changes[k]);
    if (o.required[k].trim() !== '') requiredStats[k] = Number(o.required[k]);
  }
  if (list(o.addInventory).length) statChanges.addInventory = list(o.addInventory);
  if (list(o.removeInventory).length) statChanges.removeInventory = list(o.removeInventory);
  return {
    ...(o.id ? { id: o.id } : {}),
    text: o.text.trim(),
    why: o.why.trim(),
    destinationType: o.destinationType,
    nextSceneId: o.destinationType === 'scene' ? o.nextSceneId.trim() : '',
    isPlaceholder: o.destinationType === 'scene' && o.isPlaceholder,
    nextUrl: o.destinationType === 'url' ? o.nextUrl.trim() : '',
    statChanges,
    requiredStats: Object.keys(requiredStats).length ? requiredStats : null,
    requiredItems: list(o.requiredItems).length ? list(o.requiredItems) : null,
  };
}

/** The editor's values of a stored scene (or a new one with `newId` and `newTitle`). */
export function sceneFormOf(
  saved: SceneWithOptions | null,
  newId = '',
  newTitle = '',
): SceneFormValues {
  const s: AdminScene | undefined = saved?.scene;
  return {
    isNew: !s,
    id: s?.id ?? newId,
    title: s?.title ?? newTitle,
    subtitle: s?.subtitle ?? '',
    reference: s?.reference ?? '',
    day: s?.day ? String(s.day) : '',
    isEnding: s?.isEnding ?? false,
    isEndOfDay: s?.isEndOfDay ?? false,
    aiInstructions: s?.aiInstructions ?? '',
    description: s?.description ?? '',
    htmlSection: s?.htmlSection ?? '',
    imageUrl: s?.imageUrl ?? null,
    stats: (s?.statsConfig ?? []).map((d) => ({
      id: d.id,
      name: d.name,
      value: String(d.defaultValue),
    })),
    options: (saved?.options ?? []).map(optionFormOf),
  };
}

/** The scene's own fields of a valid form, as both create and update take them. */
export function toSceneFields(f: SceneFormValues) {
  return {
    title: f.title.trim(),
    subtitle: f.subtitle,
    reference: f.reference,
    day: f.day.trim() ? Number(f.day) : null,
    isEnding: f.isEnding,
    isEndOfDay: f.isEndOfDay,
    aiInstructions: f.aiInstructions,
    description: f.description,
    htmlSection: f.htmlSection,
    imageUrl: f.imageUrl,
  };
}

/** The stats table as the API takes it. */
export const toStatsConfig = (f: SceneFormValues) =>
  f.stats.map((r) => {
    const id = r.id.trim();
    // The game shows its own names for its stats: the stored name is always that one.
    return {
      id,
      name: isStatKey(id) ? STAT_LABELS[id] : r.name.trim(),
      defaultValue: Number(r.value),
    };
  });

/** The labels of the editor's fields, for 'what changed' lists. */
export const SCENE_FIELD_LABELS: Readonly<Record<keyof SceneFormValues, string>> = Object.freeze({
  isNew: 'New',
  id: 'Scene ID',
  title: 'Title',
  subtitle: 'Subtitle',
  reference: 'Reference',
  day: 'Game Day',
  isEnding: 'Ending Scene',
  isEndOfDay: 'End of Day',
  aiInstructions: 'AI Instructions',
  description: 'Description',
  htmlSection: 'Embedded HTML',
  imageUrl: 'Scene Image',
  stats: 'Player Stats',
  options: 'Options',
});

/** A short text of a field's value for a 'what changed' list. */
export function describeValue(key: keyof SceneFormValues, f: SceneFormValues): string {
  if (key === 'stats') return f.stats.map((r) => `${r.name} ${r.value}`).join(', ') || '(none)';
  if (key === 'options') return f.options.map((o) => o.text).join(' · ') || '(none)';
  const v = f[key];
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  return v === null || v === '' ? '(empty)' : String(v);
}

/** The fields (by key) whose values differ between two forms, in the editor's order. */
export function changedFields(a: SceneFormValues, b: SceneFormValues): (keyof SceneFormValues)[] {
  return (Object.keys(SCENE_FIELD_LABELS) as (keyof SceneFormValues)[]).filter(
    (k) =>
      k !== 'isNew' &&
      (k === 'options'
        ? JSON.stringify(a.options.map(toOptionInput)) !==
          JSON.stringify(b.options.map(toOptionInput))
        : describeValue(k, a) !== describeValue(k, b)),
  );
}

/**
 * 'Keep mine' after a conflict: my value for every field I changed since `base`, theirs for
 * every other field, so their edits to fields I never touched are not undone.
 */
export function keepMine(
  base: SceneFormValues,
  mine: SceneFormValues,
  theirs: SceneFormValues,
): SceneFormValues {
  const mineChanged = new Set(changedFields(base, mine));
  const out = { ...theirs };
  for (const k of Object.keys(SCENE_FIELD_LABELS) as (keyof SceneFormValues)[]) {
    if (mineChanged.has(k)) Object.assign(out, { [k]: mine[k] });
  }
  return out;
}
