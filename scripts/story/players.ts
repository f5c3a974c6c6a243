import { recapOf } from '../../core/game/recap.ts';
import { budgetTrapProblems, ownSceneShare } from './game-checks.ts';
import { pct } from './report.ts';
import { seededRandom } from './rng.ts';
import {
  type EventMode,
  type Picker,
  type PlayResult,
  playThrough,
  type SimEvent,
  uniformPicker,
} from './simulate.ts';
import { soundStrategy } from './strategies.ts';
import { shortcutPicker } from './styles.ts';
import type { Problem, StoryScene } from './types.ts';

/** What the campaign promises: the ending to earn and the endings shortcuts lead to. */
export interface CampaignRules {
  /** The best ending: only the sound choices may reach it. */
  best: string;
  /** Every ending that means position #1: the sound choices must reach one of them. */
  top: readonly string[];
  /** The bad endings (penalty, bankrupt): where buying every shortcut must end. */
  bad: readonly string[];
  /** The item every kept black-hat trick gives. */
  spamItem: string;
}

/** Settings of the player checks. */
export interface PlayerSettings {
  seed: number;
  maxSteps: number;
  /** Random players for the ending spread (200). */
  randomPlayers: number;
  /** No ending may take more than this share of the random players (0.7). */
  maxShare: number;
  /** Guest games draw events at random: the fixed players are replayed with this many seeds. */
  guestSeeds: number;
  /** The active advertisements (an ad scene holds back the next event). */
  ads?: readonly unknown[];
}

/** What the player checks found: report lines, problems and every run (for the stat peaks). */
export interface PlayerReport {
  lines: string[];
  problems: Problem[];
  /** Runs without events or with the signed-in events. */
  results: PlayResult[];
  /** Runs with guest events. */
  guestResults: PlayResult[];
}

/** Fewest options that must lead to a scene of their own. */
const MIN_OWN_SCENE_SHARE = 0.5;

/** Where a run ended: the ending's id, or how and where it stopped. */
export const where = (r: PlayResult): string =>
  r.outcome === 'ending' ? r.sceneId : `${r.outcome} at '${r.sceneId}'`;

/**
 * The campaign's game checks: options with a scene of their own; budget locks never trapping a
 * player; the 'buy every shortcut' player ending at a bad ending (never the best) and the
 * 'always the sound choice' player reaching the best ending, without events, with the signed-in
 * events and over several seeds of guest events; and the ending spread of random signed-in
 * players with no ending above `maxShare` and nobody stuck.
 */
export function checkPlayers(
  scenes: readonly StoryScene[],
  events: readonly SimEvent[],
  rules: CampaignRules,
  settings: PlayerSettings,
): PlayerReport {
  const byId = new Map(scenes.map((s) => [s.id, s]));
  const lines: string[] = [];
  const problems: Problem[] = [];
  const results: PlayResult[] = [];
  const guestResults: PlayResult[] = [];

  const own = ownSceneShare(scenes);
  lines.push(
    `options leading to a scene of their own: ${own.own} of ${own.total} (${pct(own.share)}; needs ${pct(MIN_OWN_SCENE_SHARE)})`,
  );
  if (own.share < MIN_OWN_SCENE_SHARE) {
    problems.push({
      where: 'story',
      message: `only ${pct(own.share)} of options lead to a scene of their own (needs at least ${pct(MIN_OWN_SCENE_SHARE)})`,
    });
  }

  const play = (pick: Picker, mode: EventMode, seed: number) => {
    const r = playThrough(byId, pick, {
      mode,
      events,
      ads: settings.ads ?? [],
      random: seededRandom(seed),
      maxSteps: settings.maxSteps,
    });
    (mode === 'guest' ? guestResults : results).push(r);
    return r;
  };
  const runs = (pick: Picker) => [
    { label: 'no events', r: play(pick, 'none', settings.seed) },
    { label: 'signed-in events', r: play(pick, 'signed-in', settings.seed) },
    ...Array.from({ length: settings.guestSeeds }, (_, i) => ({
      label: `guest events, seed ${settings.seed + i}`,
      r: play(pick, 'guest', settings.seed + i),
    })),
  ];

  const shortcut = runs(shortcutPicker(byId, rules.spamItem));
  const first = shortcut[0]!.r;
  lines.push(
    `buy every shortcut: ${where(first)} after ${first.steps} choices; bought: ${recapOf(first.stats.inventory).bought.join(', ') || 'nothing'}`,
  );
  for (const { label, r } of shortcut) {
    if (r.outcome === 'ending' && rules.bad.includes(r.sceneId)) continue;
    problems.push({
      where: 'buy every shortcut player',
      message: `ends at ${where(r)} (${label}); shortcuts must lead to ${rules.bad.join(' or ')}`,
    });
  }

  // The sound player that pays for help while it keeps a $30 reserve (the other sound strategy,
  // doing it alone, is checked in figures.ts): it must win whatever events it meets.
  const others = new Set(scenes.filter((s) => s.is_ending && s.id !== rules.best).map((s) => s.id));
  const sound = runs(soundStrategy(rules.spamItem, 1, { best: rules.best, others }, 30));
  const s0 = sound[0]!.r;
  lines.push(
    `always the sound choice: ${where(s0)} after ${s0.steps} choices, ${recapOf(s0.stats.inventory).lessons.length} lessons, Budget left $${s0.stats.gold}`,
  );
  for (const { label, r } of sound) {
    if (r.outcome === 'ending' && rules.top.includes(r.sceneId)) continue;
    problems.push({
      where: 'always the sound choice player',
      message: `ends at ${where(r)} (${label}); the sound choices must reach ${rules.top.join(' or ')}`,
    });
  }

  const random = seededRandom(settings.seed);
  const pick = uniformPicker(random);
  const spread = Array.from({ length: settings.randomPlayers }, () => {
    const r = playThrough(byId, pick, {
      mode: 'signed-in',
      events,
      ads: settings.ads ?? [],
      random,
      maxSteps: settings.maxSteps,
    });
    results.push(r);
    return r;
  });
  const endings = scenes.filter((s) => s.is_ending).map((s) => s.id);
  const shares = endings.map((id) => ({
    id,
    share: spread.filter((r) => r.outcome === 'ending' && r.sceneId === id).length / spread.length,
  }));
  lines.push(
    `${settings.randomPlayers} random players (signed-in events), no ending above ${pct(settings.maxShare)}:`,
  );
  for (const { id, share } of shares) lines.push(`  ${id.padEnd(24)} ${pct(share).padStart(7)}`);
  for (const { id, share } of shares) {
    if (share > settings.maxShare) {
      problems.push({
        where: `scene '${id}'`,
        message: `${pct(share)} of ${settings.randomPlayers} random players end here (at most ${pct(settings.maxShare)})`,
      });
    }
  }
  const stuck = spread.filter((r) => r.outcome !== 'ending');
  for (const r of stuck) {
    problems.push({
      where: `scene '${r.sceneId}'`,
      message: `a random player ${r.outcome} here: ${r.detail ?? ''}`,
    });
  }

  const traps = budgetTrapProblems(scenes);
  problems.push(...traps);
  const locks = spread.reduce((n, r) => n + r.budgetLocks, 0);
  const lockedRuns = spread.filter((r) => r.budgetLocks > 0).length;
  lines.push(
    `budget locks: ${traps.length === 0 ? 'every scene has an option a player with $0 can take' : `${traps.length} scene(s) where a player with $0 is locked in`}; ${lockedRuns} of ${spread.length} random players met ${locks} options priced above their budget, ${stuck.length} got stuck`,
  );
  return { lines, problems, results, guestResults };
}
