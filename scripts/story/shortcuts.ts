import { toItemList } from '../../core/game/stats.ts';
import { seededRandom } from './rng.ts';
import { type EventMode, type Picker, playThrough, type SimEvent } from './simulate.ts';
import { soundStrategy } from './strategies.ts';
import { isShortcut, SHORTCUT_PREFIX, shortcutPicker } from './styles.ts';
import { atOption, type Problem, type StoryOption, type StoryScene } from './types.ts';

/**
 * Shortcuts never pay (content/README.md 'Shortcuts'): a spam or scam option carries the hidden
 * story flag 'Flag: Shortcut: <name>'. The checks here play the campaign with core's real rules
 * and fail when taking a shortcut leaves a higher SEO Ranking at the end of the game than not
 * taking it, or when a player who takes every shortcut (keeping the tricks, or cleaning them up
 * afterwards) reaches position #1 in any of 200 games with random events.
 */
const added = (o: StoryOption) => toItemList(o.stats_changes?.addInventory);
const removed = (o: StoryOption) => toItemList(o.stats_changes?.removeInventory);

/** True for an option that puts a shortcut right (takes a shortcut flag or the spam flag away). */
const cleansUp = (o: StoryOption, spamItem: string): boolean =>
  removed(o).some((i) => i.startsWith(SHORTCUT_PREFIX) || i === spamItem);

/** True for an option that keeps a trick: it gives the spam flag or another pending bill. */
const keepsTrick = (o: StoryOption, billItems: readonly string[]): boolean =>
  added(o).some((i) => billItems.includes(i));

/** What the shortcut checks need to know about the campaign. */
export interface ShortcutRules {
  /** The endings that mean position #1. */
  top: readonly string[];
  best: string;
  spamItem: string;
  /** Items that stand for a kept trick whose bill is still to come (the spam flag among them). */
  billItems: readonly string[];
  seed: number;
  maxSteps: number;
  /** Games per shortcut player (200), half with signed-in events and half as guests. */
  games: number;
  ads: readonly unknown[];
}

/** Steps from each scene to `target` along any option (requirements ignored). */
function distancesTo(scenes: readonly StoryScene[], target: string): Map<string, number> {
  const into = new Map<string, string[]>();
  for (const s of scenes) {
    for (const o of s.options) {
      const next = o.next_scenario_id;
      if (next) into.set(next, [...(into.get(next) ?? []), s.id]);
    }
  }
  const dist = new Map([[target, 0]]);
  const queue = [target];
  while (queue.length > 0) {
    const id = queue.shift()!;
    for (const from of into.get(id) ?? []) {
      if (!dist.has(from)) {
        dist.set(from, dist.get(id)! + 1);
        queue.push(from);
      }
    }
  }
  return dist;
}

/** The open option with the highest score (the first on ties). */
function best(open: readonly StoryOption[], score: (o: StoryOption) => number): StoryOption {
  return open.reduce((top, o) => (score(o) > score(top) ? o : top));
}

/**
 * A player heading for `scene.id`: the option that gets closest to it; with `blackHat`, an option
 * that takes a shortcut or keeps a trick first (some scenes are only met by a player holding a
 * kept trick). At `scene` it hands over to `at`; afterwards to `then`.
 */
function steer(
  scenes: readonly StoryScene[],
  target: string,
  blackHat: boolean,
  rules: ShortcutRules,
  at: Picker,
  then: Picker,
  sound: Picker,
) {
  const dist = distancesTo(scenes, target);
  const far = (o: StoryOption) => dist.get(o.next_scenario_id ?? '') ?? 1_000;
  const day = scenes.find((s) => s.id === target)?.day ?? 1;
  const state = { reached: false };
  const pick: Picker = (open, now) => {
    if (now.scene.id === target && !state.reached) {
      state.reached = true;
      return at(open, now);
    }
    if (state.reached) return then(open, now);
    // Before the target's day a careful player plays soundly (some scenes need what sound play
    // builds, such as SEO Ranking 35 for the podcast); a black hat takes every trick on the way.
    if (!blackHat && (now.scene.day ?? 1) < day) return sound(open, now);
    return best(open, (o) => {
      const shady = blackHat && (isShortcut(o) || keepsTrick(o, rules.billItems)) ? 10_000 : 0;
      return shady - far(o) * 10;
    });
  };
  return { pick, state };
}

/** At the shortcut's scene, a player who takes `instead` (another option) when it is open. */
function skipping(instead: StoryOption, sound: Picker): Picker {
  return (open, now) => (open.includes(instead) ? instead : sound(open, now));
}

/** After a shortcut: keep every trick (take the option that keeps it), else play soundly. */
function keeping(rules: ShortcutRules, sound: Picker): Picker {
  return (open, now) => open.find((o) => keepsTrick(o, rules.billItems)) ?? sound(open, now);
}

/** One shortcut's figures: SEO Ranking at the end when skipped, taken and cleaned up, taken and kept. */
export interface ShortcutGain {
  option: StoryOption;
  scene: StoryScene;
  reached: boolean;
  skip: number;
  clean: number;
  keep: number;
}

/**
 * Plays, for each marked shortcut, the same game with and without it (no events): a player heads
 * for the shortcut's scene, then skips it, takes it and cleans it up, or takes it and keeps every
 * trick; the rest of the game is played by each sound strategy (thrifty, paying with a reserve,
 * paying for everything) and the best SEO Ranking any of them ends with counts. So the figure is
 * what the best play can still make of the game, not one strategy's luck with its path.
 */
export function shortcutGains(
  scenes: readonly StoryScene[],
  rules: ShortcutRules,
  trace?: (variant: string, option: StoryOption, taken: StoryOption, stats: unknown) => void,
): ShortcutGain[] {
  const byId = new Map(scenes.map((s) => [s.id, s]));
  const others = new Set(scenes.filter((s) => s.is_ending && s.id !== rules.best).map((s) => s.id));
  const ending = { best: rules.best, others };
  const players = [
    soundStrategy(rules.spamItem, -1, ending),
    soundStrategy(rules.spamItem, 1, ending, 30),
    soundStrategy(rules.spamItem, 1, ending),
  ];
  const play = (pick: Picker, variant: string, option: StoryOption) =>
    playThrough(
      byId,
      trace
        ? (open, now) => {
            const o = pick(open, now);
            trace(variant, option, o, now.stats);
            return o;
          }
        : pick,
      { mode: 'none', events: [], random: seededRandom(rules.seed), maxSteps: rules.maxSteps },
    );
  const out: ShortcutGain[] = [];
  for (const scene of scenes) {
    for (const option of scene.options.filter(isShortcut)) {
      const seo = { skip: -1, clean: -1, keep: -1 };
      let reached = false;
      // Skipping means taking any other option of the scene that is not a shortcut itself.
      const alternatives = scene.options.filter((o) => o !== option && !isShortcut(o));
      for (const sound of players) {
        const take: Picker = (open, now) => (open.includes(option) ? option : sound(open, now));
        for (const blackHat of [false, true]) {
          const clean = steer(scenes, scene.id, blackHat, rules, take, sound, sound);
          const keep = steer(scenes, scene.id, blackHat, rules, take, keeping(rules, sound), sound);
          const r = {
            clean: play(clean.pick, 'clean', option),
            keep: play(keep.pick, 'keep', option),
          };
          if (!(clean.state.reached && keep.state.reached)) continue;
          reached = true;
          seo.clean = Math.max(seo.clean, r.clean.stats.health);
          seo.keep = Math.max(seo.keep, r.keep.stats.health);
          for (const instead of alternatives) {
            const skip = steer(
              scenes,
              scene.id,
              blackHat,
              rules,
              skipping(instead, sound),
              sound,
              sound,
            );
            const result = play(skip.pick, 'skip', option);
            if (skip.state.reached) seo.skip = Math.max(seo.skip, result.stats.health);
          }
          break;
        }
      }
      out.push({ option, scene, reached, ...seo });
    }
  }
  return out;
}

/** A problem for each shortcut that leaves more SEO Ranking than skipping it, or that no game reaches. */
export function gainProblems(gains: readonly ShortcutGain[]): Problem[] {
  return gains.flatMap((g) => {
    const where = atOption(g.scene, g.option);
    if (!g.reached)
      return [{ where, message: 'is marked as a shortcut but no simulated game reaches it' }];
    const worse = [
      g.clean > g.skip ? `taken and cleaned up ends with SEO Ranking ${g.clean}` : '',
      g.keep > g.skip ? `taken and kept ends with SEO Ranking ${g.keep}` : '',
    ].filter(Boolean);
    return worse.length === 0
      ? []
      : [{ where, message: `${worse.join(', ')}; skipped, ${g.skip}: a shortcut must never pay` }];
  });
}

/** A picker with a little seeded noise among equally good options (so 200 games differ). */
function jitter(pick: Picker, random: () => number): Picker {
  return (open, now) => {
    const shuffled = [...open].sort(() => random() - 0.5);
    return pick(shuffled, now);
  };
}

/**
 * The take-every-shortcut-then-clean-it-up player: takes any shortcut, then any clean-up (an
 * option that takes a shortcut or spam flag away), else plays soundly.
 */
function cleanUpPicker(rules: ShortcutRules, sound: Picker): Picker {
  return (open, now) =>
    open.find(isShortcut) ?? open.find((o) => cleansUp(o, rules.spamItem)) ?? sound(open, now);
}

/** Where the two shortcut players end over `rules.games` games with random events. */
export function shortcutPlayers(
  scenes: readonly StoryScene[],
  events: readonly SimEvent[],
  rules: ShortcutRules,
) {
  const byId = new Map(scenes.map((s) => [s.id, s]));
  const others = new Set(scenes.filter((s) => s.is_ending && s.id !== rules.best).map((s) => s.id));
  const sound = soundStrategy(rules.spamItem, 1, { best: rules.best, others });
  const players: { name: string; make: () => Picker }[] = [
    {
      name: 'buys every shortcut and keeps every trick',
      make: () => shortcutPicker(byId, rules.spamItem),
    },
    { name: 'takes every shortcut, then cleans it up', make: () => cleanUpPicker(rules, sound) },
  ];
  return players.map(({ name, make }) => {
    const results = Array.from({ length: rules.games }, (_, i) => {
      const random = seededRandom(rules.seed + i);
      const mode: EventMode = i % 2 === 0 ? 'signed-in' : 'guest';
      return playThrough(byId, jitter(make(), random), {
        mode,
        events,
        ads: rules.ads,
        random,
        maxSteps: rules.maxSteps,
      });
    });
    const top = results.filter(
      (r) => r.outcome === 'ending' && rules.top.includes(r.sceneId),
    ).length;
    const maxSeo = Math.max(...results.map((r) => r.peaks.health));
    return { name, results, top, maxSeo };
  });
}
