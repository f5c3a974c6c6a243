import { START_ID } from './checks.ts';
import { atScene, type Problem, type StoryScene } from './types.ts';

/** A character or fact and the scenes allowed to introduce it (its first mention on a path). */
export interface Named {
  name: string;
  /** What counts as a mention, in a description or an option's text. */
  pattern: RegExp;
  introducedBy: readonly string[];
}

const mentions = (scene: StoryScene, named: Named) =>
  named.pattern.test(scene.description ?? '') ||
  scene.options.some((o) => named.pattern.test(o.text));

/**
 * Continuity: a character may only be mentioned where every path from the start has already
 * introduced them, or in a scene allowed to introduce them. Works on the story graph (all
 * options, requirements ignored): for each scene, the names known on every way in are the
 * intersection over the scenes leading there of what they knew and mentioned.
 */
export function continuityProblems(
  scenes: readonly StoryScene[],
  names: readonly Named[],
): Problem[] {
  const byId = new Map(scenes.map((s) => [s.id, s]));
  const incoming = new Map<string, string[]>();
  for (const s of scenes) {
    if (s.is_ending) continue;
    for (const o of s.options) {
      const to = o.next_scenario_id;
      if (to && byId.has(to)) incoming.set(to, [...(incoming.get(to) ?? []), s.id]);
    }
  }
  const all = new Set(names.map((n) => n.name));
  // known[id]: names introduced on every path reaching the scene (before it). Start from 'all'
  // (the top of the lattice) and narrow until nothing changes.
  const known = new Map<string, Set<string>>(scenes.map((s) => [s.id, new Set(all)]));
  known.set(START_ID, new Set());
  const said = new Map(
    scenes.map((s) => [s.id, new Set(names.filter((n) => mentions(s, n)).map((n) => n.name))]),
  );
  for (let changed = true; changed; ) {
    changed = false;
    for (const s of scenes) {
      if (s.id === START_ID) continue;
      const from = incoming.get(s.id) ?? [];
      const next = new Set(
        [...all].filter((n) => from.every((p) => known.get(p)?.has(n) || said.get(p)?.has(n))),
      );
      if (next.size !== known.get(s.id)?.size) {
        known.set(s.id, next);
        changed = true;
      }
    }
  }
  const problems: Problem[] = [];
  for (const s of scenes) {
    for (const n of names) {
      if (!said.get(s.id)?.has(n.name) || known.get(s.id)?.has(n.name)) continue;
      if (n.introducedBy.includes(s.id)) continue;
      problems.push({
        where: atScene(s),
        message: `mentions ${n.name} before every path has introduced them (introduced in ${n.introducedBy.join(', ')})`,
      });
    }
  }
  return problems;
}
