import { z } from 'zod';
import { cleanStudentName, studentNameKey } from '../classes/names.ts';
import { CLASS_NAME_MAX, STUDENT_NAME_MAX } from '../classes/rules.ts';
import { STAT_KEYS } from '../game/stats.types.ts';
import { codedErrorSchema } from './errors.ts';

/**
 * Class mode's API (docs/class-mode.md): /api/teach/... for teachers (any signed-in account; a
 * teacher sees only their own classes, admins see all) and /api/join/... for students.
 */

const trimmed = (max: number, empty: string, long: string) =>
  z
    .string()
    .transform((s) => s.replace(/\s+/g, ' ').trim())
    .pipe(z.string().min(1, empty).max(max, long));

/** POST /api/teach/classes. */
export const createClassSchema = z.strictObject({
  name: trimmed(CLASS_NAME_MAX, 'Give the class a name', `At most ${CLASS_NAME_MAX} characters`),
});

/** PATCH /api/teach/classes/:classId: open or close the class to new students. */
export const updateClassSchema = z.strictObject({ open: z.boolean() });

/** A class as its teacher's list and page show it. */
export const classInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  open: z.boolean(),
  /** 'teacher' or 'inactive' when closed; null while open. */
  closedReason: z.enum(['teacher', 'inactive']).nullable(),
  students: z.number().int(),
  createdAt: z.string(),
  /** The teacher's display name (admins see every class). */
  ownerName: z.string(),
  mine: z.boolean(),
});
export type ClassInfo = z.infer<typeof classInfoSchema>;

export const classListSchema = z.object({ classes: z.array(classInfoSchema) });
export type ClassList = z.infer<typeof classListSchema>;

const statsSchema = z.object(
  Object.fromEntries(STAT_KEYS.map((k) => [k, z.number()])) as Record<
    (typeof STAT_KEYS)[number],
    z.ZodNumber
  >,
);

/** One student's row on the class page. */
const studentRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  sceneId: z.string().nullable(),
  sceneTitle: z.string().nullable(),
  day: z.number().int().nullable(),
  /** The ending's title once the student reached one. */
  ending: z.string().nullable(),
  /** Search position (#1 best), from the SEO score. */
  position: z.number().int().nullable(),
  stats: statsSchema.nullable(),
  choices: z.number().int(),
  lessons: z.array(z.string()),
  bought: z.array(z.string()),
  joinedAt: z.string(),
  lastPlayedAt: z.string().nullable(),
  /** When the seat's current game began (the join or the teacher's last reset). */
  startedAt: z.string(),
  /** The options the student took in their current game, in order (ids; `decisions` names them). */
  path: z.array(z.string()),
  /** When the last of them was taken; null before the first. */
  lastChoiceAt: z.string().nullable(),
  /** How many of them were picked where a better option existed (docs/class-mode.md). */
  weakPicks: z.number().int(),
});
export type StudentRow = z.infer<typeof studentRowSchema>;

/** The class's picture above the rows (core/classes/picture.ts). */
const classPictureSchema = z.object({
  /** Students on each day ('Not started' has day null), days in order. */
  byDay: z.array(z.object({ day: z.number().int().nullable(), count: z.number().int() })),
  /** Endings reached, most first; `students` still playing are not counted. */
  endings: z.array(z.object({ title: z.string(), count: z.number().int() })),
  stillPlaying: z.number().int(),
  /** Options picked where a better one existed (docs/class-mode.md 'Better options'), most first. */
  weakPicks: z.array(
    z.object({
      sceneTitle: z.string(),
      option: z.string(),
      better: z.string(),
      reason: z.enum(['shortcut', 'lesson', 'stats']),
      count: z.number().int(),
    }),
  ),
  /** Lessons students passed by without learning, by how many students missed them. */
  missedLessons: z.array(z.object({ lesson: z.string(), students: z.number().int() })),
  /** Shortcuts bought, by how many students bought them. */
  shortcuts: z.array(z.object({ item: z.string(), students: z.number().int() })),
});
export type ClassPicture = z.infer<typeof classPictureSchema>;

/** One key decision of the story and how the class split over its options (core/classes/debrief.ts). */
const classDecisionSchema = z.object({
  sceneId: z.string(),
  sceneTitle: z.string(),
  day: z.number().int().nullable(),
  /** Students who made this decision in their current game. */
  students: z.number().int(),
  options: z.array(
    z.object({
      id: z.string(),
      text: z.string(),
      /** Times the class took it. */
      count: z.number().int(),
      /** The better-option rule names it as better than another option of the scene. */
      better: z.boolean(),
      /** Another option of the scene is better than it: the option's words and why. */
      betterWas: z
        .object({ text: z.string(), reason: z.enum(['shortcut', 'lesson', 'stats']) })
        .nullable(),
      /** What it teaches ('Lesson: ' items) and buys ('Bought: ' items), labels only. */
      lessons: z.array(z.string()),
      bought: z.array(z.string()),
    }),
  ),
});
export type ClassDecision = z.infer<typeof classDecisionSchema>;

/** GET /api/teach/classes/:classId. */
export const classPageSchema = z.object({
  class: classInfoSchema,
  joinPath: z.string(),
  students: z.array(studentRowSchema),
  picture: classPictureSchema,
  /** The debrief: the key decisions in story order. */
  decisions: z.array(classDecisionSchema),
});
export type ClassPage = z.infer<typeof classPageSchema>;

export const classParamsSchema = z.object({ classId: z.string().min(1).max(100) });
export const studentParamsSchema = z.object({
  classId: z.string().min(1).max(100),
  studentId: z.string().min(1).max(200),
});
export const undoParamsSchema = z.object({
  classId: z.string().min(1).max(100),
  undoId: z.string().min(1).max(100),
});

/** How long a Reset or Remove can be undone. */
export const UNDO_MINUTES = 10;

/** A teacher's action done; a Reset or Remove says how to undo it until `until`. */
export const classActionSchema = z.object({
  ok: z.literal(true),
  undo: z.object({ id: z.string(), until: z.string() }).optional(),
});
export type ClassActionResult = z.infer<typeof classActionSchema>;

/** GET .../export.csv: `decision` (a scene id) exports that decision; `tz` the teacher's time zone. */
export const exportQuerySchema = z.object({
  decision: z.string().min(1).max(200).optional(),
  tz: z.string().min(1).max(64).optional(),
});

/**
 * GET /api/join/:code: what the join page shows before a name is typed. A closed class is not
 * named to strangers (`className` null); someone seated in it sees it and their `seat`. `game`:
 * the caller's own game when joining would replace it (decisions made, not in this class).
 */
export const joinLookupSchema = z.object({
  className: z.string().nullable(),
  open: z.boolean(),
  seat: z.object({ name: z.string() }).nullable(),
  game: z.object({ choices: z.number().int() }).nullable(),
});
export type JoinLookup = z.infer<typeof joinLookupSchema>;

export const joinParamsSchema = z.object({ code: z.string().min(1).max(20) });

/**
 * POST /api/join/:code. The name is cleaned (core/classes/names.ts) and needs a letter or digit;
 * `replaceGame` confirms that the caller's game in progress may be replaced by a new one.
 */
export const joinRequestSchema = z.strictObject({
  name: z
    .string()
    .transform(cleanStudentName)
    .pipe(
      z
        .string()
        .min(1, 'Type your name')
        .max(STUDENT_NAME_MAX, `At most ${STUDENT_NAME_MAX} characters`)
        .refine((n) => studentNameKey(n) !== '', 'Use letters or digits in your name'),
    ),
  replaceGame: z.boolean().optional(),
});

/** The seat the student took: the game starts on `sceneId`. */
export const joinResponseSchema = z.object({
  className: z.string(),
  name: z.string(),
  sceneId: z.string().nullable(),
  /** True when the student was already in this class (their game goes on). */
  rejoined: z.boolean(),
});
export type JoinResponse = z.infer<typeof joinResponseSchema>;

/** An error answer; `code` names the refusal for the page to place its message. */
export const classErrorSchema = codedErrorSchema();
