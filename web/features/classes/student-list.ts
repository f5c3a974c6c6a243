import type { StudentRow } from '../../../core/api/classes.ts';

/** A student with no decision for this long (and no ending) counts as idle. */
export const IDLE_MS = 3 * 60 * 1000;

export const FILTERS = {
  all: 'Everyone',
  idle: 'Idle 3+ minutes',
  'not-started': 'No decision yet',
  'wrong-turns': '3+ wrong turns',
  ended: 'Reached an ending',
  'off-page-one': 'Ended off page one',
} as const;
export type Filter = keyof typeof FILTERS;

export const SORTS = {
  name: 'Name',
  progress: 'Progress',
  position: 'Search',
  choices: 'Decisions',
  wrong: 'Wrong turns',
  minutes: 'Minutes',
  last: 'Last move',
} as const;
export type Sort = keyof typeof SORTS;

/** Minutes from the start of the student's game to their last decision (null before one). */
export function minutesOf(s: StudentRow): number | null {
  if (!s.lastChoiceAt) return null;
  return Math.max(0, Math.round((Date.parse(s.lastChoiceAt) - Date.parse(s.startedAt)) / 60_000));
}

/** When the student last moved: their last decision, else when their game began. */
const lastMove = (s: StudentRow) => Date.parse(s.lastChoiceAt ?? s.startedAt);

/** Whether a student passes a filter at time `now`. */
export function passes(s: StudentRow, filter: Filter, now: number): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'idle':
      return s.ending === null && now - lastMove(s) >= IDLE_MS;
    case 'not-started':
      return s.path.length === 0;
    case 'wrong-turns':
      return s.weakPicks >= 3;
    case 'ended':
      return s.ending !== null;
    case 'off-page-one':
      return s.ending !== null && (s.position ?? 100) > 10;
  }
}

/** Progress: an ending first, then the later day, then more decisions. */
const progress = (s: StudentRow) => (s.ending ? 1000 : 0) + (s.day ?? 0) * 100 + s.choices;

const keys: Record<Sort, (s: StudentRow) => number | string> = {
  name: (s) => s.name.toLowerCase(),
  progress,
  position: (s) => s.position ?? 1000,
  choices: (s) => s.choices,
  wrong: (s) => s.weakPicks,
  minutes: (s) => minutesOf(s) ?? -1,
  last: lastMove,
};

/** The students passing `filter`, sorted by `sort` (`desc` reverses). */
export function studentList(
  students: readonly StudentRow[],
  filter: Filter,
  sort: Sort,
  desc: boolean,
  now: number,
): StudentRow[] {
  const key = keys[sort];
  return students
    .filter((s) => passes(s, filter, now))
    .sort((a, b) => {
      const x = key(a);
      const y = key(b);
      const order = x < y ? -1 : x > y ? 1 : 0;
      return desc ? -order : order;
    });
}

/** '3 min ago', 'just now' or '' (never). */
export function ago(iso: string | null, now: number): string {
  if (!iso) return '';
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  return `${Math.floor(minutes / 60)} h ago`;
}
