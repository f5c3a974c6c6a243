import type { ClassPicture } from '../api/classes.ts';
import { betterOption, type OptionFacts } from './better-options.ts';

/** A student as the picture counts them. */
export interface PictureStudent {
  id: string;
  day: number | null;
  /** The ending's title once reached. */
  ending: string | null;
  lessons: readonly string[];
  bought: readonly string[];
}

/** One logged choice of a student's current game. */
export interface PictureChoice {
  playerId: string;
  sceneId: string;
  optionId: string;
}

/** The story as the picture needs it: each scene's options and title. */
export interface PictureStory {
  optionsByScene: ReadonlyMap<string, readonly OptionFacts[]>;
  sceneTitle: (sceneId: string) => string;
}

/** How many rows each list of the picture keeps. */
const PICTURE_TOP = 8;

function countBy<T>(items: Iterable<T>, key: (item: T) => string): Map<string, number> {
  const out = new Map<string, number>();
  for (const item of items) out.set(key(item), (out.get(key(item)) ?? 0) + 1);
  return out;
}

const mostFirst = <T extends { count?: number; students?: number }>(a: T, b: T) =>
  (b.count ?? b.students ?? 0) - (a.count ?? a.students ?? 0);

/**
 * The class picture (docs/class-mode.md): students per day, the spread of endings, the options
 * most often picked where a better one existed, the lessons most missed (a student chose at a
 * scene offering the lesson and does not hold it now) and the shortcuts bought. Pure: the same
 * rows give the same picture.
 */
export function classPicture(
  students: readonly PictureStudent[],
  choices: readonly PictureChoice[],
  story: PictureStory,
): ClassPicture {
  const days = countBy(students, (s) => (s.day === null ? '' : String(s.day)));
  const byDay = [...days]
    .map(([day, count]) => ({ day: day === '' ? null : Number(day), count }))
    .sort((a, b) => (a.day ?? 0) - (b.day ?? 0));
  const ended = students.filter((s) => s.ending !== null);
  const endings = [...countBy(ended, (s) => s.ending!)]
    .map(([title, count]) => ({ title, count }))
    .sort(mostFirst);

  const optionById = new Map<string, OptionFacts>();
  const sceneLessons = new Map<string, string[]>();
  for (const [sceneId, list] of story.optionsByScene) {
    for (const o of list) optionById.set(o.id, o);
    sceneLessons.set(sceneId, [...new Set(list.flatMap((o) => o.lessons))]);
  }
  // Each option is judged once, however many students picked it.
  const judged = new Map<string, ReturnType<typeof betterOption>>();
  const judge = (picked: OptionFacts, sceneId: string) => {
    if (!judged.has(picked.id)) {
      judged.set(picked.id, betterOption(picked, story.optionsByScene.get(sceneId) ?? []));
    }
    return judged.get(picked.id) ?? null;
  };
  const weak = new Map<string, ClassPicture['weakPicks'][number]>();
  const missed = new Map<string, Set<string>>();
  const lessonsOf = new Map(students.map((s) => [s.id, new Set(s.lessons)]));
  for (const c of choices) {
    const picked = optionById.get(c.optionId);
    const found = picked ? judge(picked, c.sceneId) : null;
    if (picked && found) {
      const row = weak.get(picked.id) ?? {
        sceneTitle: story.sceneTitle(c.sceneId),
        option: picked.text,
        better: found.option.text,
        reason: found.reason,
        count: 0,
      };
      row.count++;
      weak.set(picked.id, row);
    }
    const held = lessonsOf.get(c.playerId);
    for (const lesson of sceneLessons.get(c.sceneId) ?? []) {
      if (held?.has(lesson)) continue;
      const who = missed.get(lesson) ?? new Set<string>();
      who.add(c.playerId);
      missed.set(lesson, who);
    }
  }
  const shortcuts = new Map<string, number>();
  for (const s of students)
    for (const b of new Set(s.bought)) shortcuts.set(b, (shortcuts.get(b) ?? 0) + 1);
  return {
    byDay,
    endings,
    stillPlaying: students.length - ended.length,
    weakPicks: [...weak.values()].sort(mostFirst).slice(0, PICTURE_TOP),
    missedLessons: [...missed]
      .map(([lesson, who]) => ({ lesson, students: who.size }))
      .sort(mostFirst)
      .slice(0, PICTURE_TOP),
    shortcuts: [...shortcuts]
      .map(([item, students]) => ({ item, students }))
      .sort(mostFirst)
      .slice(0, PICTURE_TOP),
  };
}
