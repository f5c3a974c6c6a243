import type { ClassDecision } from '../api/classes.ts';
import { betterOption, type OptionFacts } from './better-options.ts';
import type { PictureChoice, PictureStory } from './picture.ts';

/** A logged choice with its time, as the debrief reads it (oldest first per student). */
export interface DebriefChoice extends PictureChoice {
  at: string;
}

/** The story as the debrief needs it: the picture's story and each scene's day. */
export interface DebriefStory extends PictureStory {
  sceneDay: (sceneId: string) => number | null;
}

/**
 * The key decisions of the class's games (docs/class-mode.md 'Debrief'): every scene with two
 * options or more where at least one student decided, in story order (by day, then by how early
 * in their games the students met it), each with how the class split over its options, which
 * option the better-option rule names as the better one for another (`better`), and the lessons
 * the options teach (their `Lesson: ` items). Pure: the same rows give the same decisions.
 */
export function classDecisions(
  choices: readonly DebriefChoice[],
  story: DebriefStory,
): ClassDecision[] {
  const step = new Map<string, number>();
  const stepsBy = new Map<string, number[]>();
  const counts = new Map<string, Map<string, number>>();
  const deciders = new Map<string, Set<string>>();
  for (const c of choices) {
    const n = step.get(c.playerId) ?? 0;
    step.set(c.playerId, n + 1);
    const options = story.optionsByScene.get(c.sceneId);
    if (!options || options.length < 2) continue;
    stepsBy.set(c.sceneId, [...(stepsBy.get(c.sceneId) ?? []), n]);
    const byOption = counts.get(c.sceneId) ?? new Map<string, number>();
    byOption.set(c.optionId, (byOption.get(c.optionId) ?? 0) + 1);
    counts.set(c.sceneId, byOption);
    const who = deciders.get(c.sceneId) ?? new Set<string>();
    who.add(c.playerId);
    deciders.set(c.sceneId, who);
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const decisions = [...counts].map(([sceneId, byOption]): ClassDecision & { order: number } => {
    const options = story.optionsByScene.get(sceneId) ?? [];
    const named = new Set<string>();
    const judged = new Map(options.map((o) => [o.id, betterOption(o, options)]));
    for (const found of judged.values()) if (found) named.add(found.option.id);
    return {
      sceneId,
      sceneTitle: story.sceneTitle(sceneId),
      day: story.sceneDay(sceneId),
      students: deciders.get(sceneId)?.size ?? 0,
      options: options.map((o: OptionFacts) => ({
        id: o.id,
        text: o.text,
        count: byOption.get(o.id) ?? 0,
        better: named.has(o.id),
        betterWas: ((found) => (found ? { text: found.option.text, reason: found.reason } : null))(
          judged.get(o.id),
        ),
        lessons: o.lessons,
        bought: o.bought,
      })),
      order: mean(stepsBy.get(sceneId) ?? [0]),
    };
  });
  return decisions
    .sort((a, b) => (a.day ?? 0) - (b.day ?? 0) || a.order - b.order)
    .map(({ order: _order, ...d }) => d);
}
