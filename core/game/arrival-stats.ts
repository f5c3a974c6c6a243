import type { PlayerStats } from './stats.types.ts';
import { initialStats, parseStatsConfig, rebuildStats } from './stats-config.ts';

/** A scene as arrivalStats needs it: its id, stats_config (raw) and whether the game starts there. */
export interface ArrivalScene {
  id: string;
  statsConfig: unknown;
  isStart: boolean;
}

/** An option's link from one scene to the next. */
export interface ArrivalLink {
  from: string;
  to: string;
}

/**
 * The stats a player plausibly has on arriving at `sceneId`, for a play-test started there
 * ('Play from here'). A scene with its own stats is a checkpoint: a new game there has those
 * (initialStats). A scene without stats keeps what the player brings, so the test starts with
 * the game's starting stats overlaid by the nearest checkpoint on the way to it (walking the
 * links backwards, nearest first; ties go to the earlier link). With no checkpoint on the way,
 * or no way in, it starts with the starting stats, never with invented values.
 */
export function arrivalStats(
  sceneId: string,
  scenes: readonly ArrivalScene[],
  links: readonly ArrivalLink[],
): PlayerStats {
  const byId = new Map(scenes.map((s) => [s.id, s]));
  const own = byId.get(sceneId);
  if (own && parseStatsConfig(own.statsConfig) !== null) return initialStats(own.statsConfig);
  const start = scenes.find((s) => s.isStart);
  const starting = initialStats(start?.statsConfig ?? null);
  const into = new Map<string, string[]>();
  for (const l of links) {
    if (l.from === l.to) continue;
    into.set(l.to, [...(into.get(l.to) ?? []), l.from]);
  }
  const seen = new Set([sceneId]);
  let ring = [sceneId];
  while (ring.length > 0) {
    const next: string[] = [];
    for (const id of ring) {
      for (const from of into.get(id) ?? []) {
        if (seen.has(from)) continue;
        seen.add(from);
        const scene = byId.get(from);
        if (scene && parseStatsConfig(scene.statsConfig) !== null) {
          return scene.isStart ? starting : rebuildStats(scene.statsConfig, starting);
        }
        next.push(from);
      }
    }
    ring = next;
  }
  return starting;
}
