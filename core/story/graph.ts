import { isPendingLink } from '../game/links.ts';

/** A scene as the story map needs it. */
export interface MapScene {
  id: string;
  title: string;
  isStart: boolean;
  isEnding: boolean;
  isEndOfDay: boolean;
}

/** An option as the story map needs it: `target` is next_scenario_id, `url` next_url. */
export interface MapOption {
  id: string;
  sceneId: string;
  text: string;
  target: string | null;
  url: string | null;
}

/**
 * Where an option leads: an existing scene, a placeholder still to be written ('pending-…'), an id
 * with no scene behind it (broken: a player gets 'Scene Not Found'), an external URL, or nowhere.
 */
type LinkKind = 'scene' | 'pending' | 'broken' | 'url' | 'none';

interface MapEdge {
  id: string;
  source: string;
  /** The target scene id, the pending id, or the missing id; null for 'url' and 'none'. */
  target: string | null;
  label: string;
  kind: LinkKind;
}

export interface StoryAnalysis {
  /** The scene a new game starts on (flagged, else intro/INTRO/start, else the first given). */
  startId: string | null;
  edges: MapEdge[];
  /** Scenes no path of options leads to from the start scene. */
  unreachable: string[];
  /** Scenes that are not endings and have no option leading to an existing scene. */
  deadEnds: string[];
  /** Distinct pending ids linked to ('not yet written'). */
  pendingTargets: string[];
  /** Options whose target scene does not exist. */
  broken: string[];
}

const START_IDS = ['intro', 'INTRO', 'start'];

/** The start scene by the product rules "Play" rule (scenes in creation order). */
export function startSceneOf(scenes: readonly MapScene[]): string | null {
  const flagged = scenes.find((s) => s.isStart);
  if (flagged) return flagged.id;
  for (const id of START_IDS) if (scenes.some((s) => s.id === id)) return id;
  return scenes[0]?.id ?? null;
}

/** Classifies every option and finds unreachable scenes, dead ends, pending and broken links. */
export function analyzeStory(
  scenes: readonly MapScene[],
  options: readonly MapOption[],
): StoryAnalysis {
  const ids = new Set(scenes.map((s) => s.id));
  const edges: MapEdge[] = options
    .filter((o) => ids.has(o.sceneId))
    .map((o) => {
      const target = o.target?.trim() || null;
      let kind: LinkKind;
      if (target) kind = ids.has(target) ? 'scene' : isPendingLink(target) ? 'pending' : 'broken';
      else kind = o.url?.trim() ? 'url' : 'none';
      return {
        id: o.id,
        source: o.sceneId,
        target: kind === 'url' || kind === 'none' ? null : target,
        label: o.text,
        kind,
      };
    });

  const next = new Map<string, string[]>();
  for (const e of edges) {
    if (e.kind !== 'scene' || !e.target) continue;
    const list = next.get(e.source);
    if (list) list.push(e.target);
    else next.set(e.source, [e.target]);
  }

  const startId = startSceneOf(scenes);
  const reached = new Set<string>();
  if (startId) {
    const queue = [startId];
    reached.add(startId);
    for (let i = 0; i < queue.length; i++) {
      for (const to of next.get(queue[i] as string) ?? []) {
        if (!reached.has(to)) {
          reached.add(to);
          queue.push(to);
        }
      }
    }
  }

  return {
    startId,
    edges,
    unreachable: scenes.filter((s) => !reached.has(s.id)).map((s) => s.id),
    deadEnds: scenes.filter((s) => !s.isEnding && !next.has(s.id)).map((s) => s.id),
    pendingTargets: [
      ...new Set(edges.filter((e) => e.kind === 'pending').map((e) => e.target as string)),
    ],
    broken: edges.filter((e) => e.kind === 'broken').map((e) => e.id),
  };
}
