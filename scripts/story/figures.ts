import { STAT_LABELS } from '../../core/game/stats.ts';
import { initialStats } from '../../core/game/stats-config.ts';
import { where } from './players.ts';
import { pct } from './report.ts';
import { seededRandom } from './rng.ts';
import type { Picker, PlayResult, SimEvent } from './simulate.ts';
import * as simulate from './simulate.ts';
import { greedyStrategy, soundStrategy, watchBudget } from './strategies.ts';
import { shortcutPicker } from './styles.ts';
import {
  delayedConsequences,
  dominance,
  GATED_STATS,
  gatesPerStat,
  priceTextProblems,
  recoveryPaths,
} from './tradeoffs.ts';
import type { Problem, StoryScene } from './types.ts';

/** The figures a campaign of trade-offs must reach (content/README.md 'Trade-offs'). */
const TARGETS = Object.freeze({
  maxDominatedShare: 0.15,
  gatesPerStat: 3,
  delayed: 12,
  recoveries: 2,
  randomEndings: 4,
  maxEndingShare: 0.6,
  endings: 6,
});

/** What the trade-off check needs to know about the campaign. */
export interface TradeoffRules {
  /** The best ending: position #1 with something kept (the thrifty careful player's). */
  best: string;
  /** Every ending that means position #1 (the best one among them). */
  top: readonly string[];
  spamItem: string;
  seed: number;
  maxSteps: number;
  randomPlayers: number;
  /** The active advertisements (an ad scene holds back the next event). */
  ads: readonly unknown[];
}

/**
 * Prints and checks the trade-off figures: dominated choice scenes, gates per stat, delayed
 * consequences, recovery paths, the Budget each simulated strategy ends with, where the greedy
 * and reckless players end, and the endings of random players. Every run uses the real rules of
 * core/game (the simulator's step) with the signed-in events.
 */
export function checkTradeoffs(
  scenes: readonly StoryScene[],
  events: readonly SimEvent[],
  rules: TradeoffRules,
) {
  const byId = new Map(scenes.map((s) => [s.id, s]));
  const lines: string[] = [];
  const problems: Problem[] = [];
  const results: PlayResult[] = [];
  const fail = (what: string, message: string) => problems.push({ where: what, message });
  const play = (pick: Picker, random = seededRandom(rules.seed)) => {
    const r = simulate.playThrough(byId, pick, {
      mode: 'signed-in',
      events,
      random,
      maxSteps: rules.maxSteps,
    });
    results.push(r);
    return r;
  };

  const dom = dominance(scenes);
  const dilemmas = dom.choice - dom.dominated.length;
  lines.push(
    `dilemmas (no option best on every stat): ${dilemmas} of ${dom.choice} choice scenes (${pct(1 - dom.share)}; at least ${pct(1 - TARGETS.maxDominatedShare)}); one option best on every stat: ${dom.dominated.join(', ') || 'none'}`,
  );
  if (dom.share > TARGETS.maxDominatedShare)
    fail('story', `${pct(dom.share)} of choice scenes have an option better on every stat`);

  const prices = priceTextProblems(scenes);
  lines.push(`options whose words name another price than they cost: ${prices.length}`);
  for (const p of prices) fail('story', p);

  const gates = gatesPerStat(scenes);
  lines.push(
    `options gated per stat (at least ${TARGETS.gatesPerStat} each): ${GATED_STATS.map((k) => `${STAT_LABELS[k]} ${gates[k]}`).join(', ')}`,
  );
  for (const k of GATED_STATS) {
    if (gates[k] < TARGETS.gatesPerStat)
      fail('story', `${STAT_LABELS[k]} gates ${gates[k]} option(s), needs ${TARGETS.gatesPerStat}`);
  }

  const delayed = delayedConsequences(scenes);
  lines.push(
    `delayed consequences (set on one day, checked on a later one): ${delayed.length} (needs ${TARGETS.delayed})`,
  );
  for (const d of delayed) lines.push(`  ${d}`);
  if (delayed.length < TARGETS.delayed)
    fail('story', `${delayed.length} delayed consequences, needs ${TARGETS.delayed}`);
  const recoveries = recoveryPaths(scenes);
  lines.push(
    `recovery paths that cost something: ${recoveries.length} (needs ${TARGETS.recoveries}): ${recoveries.join('; ')}`,
  );
  if (recoveries.length < TARGETS.recoveries)
    fail('story', `${recoveries.length} costly recovery paths, needs ${TARGETS.recoveries}`);

  const start = initialStats(byId.get('intro')?.stats_config).gold;
  const budget = (r: PlayResult) => `$${r.stats.gold} of $${start} (${pct(r.stats.gold / start)})`;
  const lastDay = Math.max(...scenes.map((s) => s.day ?? 1));
  const others = new Set(scenes.filter((s) => s.is_ending && s.id !== rules.best).map((s) => s.id));
  const ending = { best: rules.best, others };
  const sound = [
    {
      name: 'sound A (thrifty: does it alone, cheapest)',
      pick: soundStrategy(rules.spamItem, -1, ending),
    },
    {
      name: 'sound B (pays for help, keeps $40 back)',
      pick: soundStrategy(rules.spamItem, 1, ending, 40),
    },
    {
      name: 'investor (buys every sound investment)',
      pick: soundStrategy(rules.spamItem, 1, ending),
    },
  ];
  for (const s of sound) {
    const watch = watchBudget(s.pick, rules.spamItem);
    const r = play(watch.pick);
    const short = watch.seen.day === null ? 'never short' : `first short on day ${watch.seen.day}`;
    lines.push(`${s.name.padEnd(40)} -> ${where(r)}, Budget left ${budget(r)}, ${short}`);
    if (s.name.startsWith('investor') && (watch.seen.day === null || watch.seen.day >= lastDay))
      fail(s.name, `buying every sound investment must run short before day ${lastDay}`);
    // Every careful player reaches #1; the thrifty one keeps money and reaches the best ending
    // (content/README.md 'Endings'; the lean one is for those who kept nothing back).
    if (!rules.top.includes(where(r)))
      fail(s.name, `ends at ${where(r)}, must reach ${rules.top.join(' or ')}`);
    if (s.name.startsWith('sound A') && where(r) !== rules.best)
      fail(s.name, `ends at ${where(r)}: the thrifty careful player must reach ${rules.best}`);
  }
  const greedy = play(greedyStrategy);
  lines.push(
    `${'greedy (most Traffic and Revenue now)'.padEnd(40)} -> ${where(greedy)}, Budget left ${budget(greedy)}`,
  );
  if (rules.top.includes(where(greedy))) fail('greedy player', `reaches ${where(greedy)}`);
  const reckless = play(shortcutPicker(byId, rules.spamItem));
  lines.push(
    `${'reckless (buys every shortcut)'.padEnd(40)} -> ${where(reckless)}, Budget left ${budget(reckless)}`,
  );
  if (rules.top.includes(where(reckless))) fail('reckless player', `reaches ${where(reckless)}`);

  const random = seededRandom(rules.seed + 1);
  const pick = simulate.uniformPicker(random);
  const spread = Array.from({ length: rules.randomPlayers }, () => play(pick, random));
  const endings = scenes.filter((s) => s.is_ending).map((s) => s.id);
  const counts = endings.map((id) => ({ id, n: spread.filter((r) => where(r) === id).length }));
  const meanLeft = spread.reduce((n, r) => n + r.stats.gold, 0) / spread.length;
  lines.push(
    `${rules.randomPlayers} random players: ${counts.filter((c) => c.n > 0).length} endings reached (needs ${TARGETS.randomEndings}, none above ${pct(TARGETS.maxEndingShare)}), mean Budget left $${meanLeft.toFixed(0)}`,
  );
  for (const c of counts)
    lines.push(`  ${c.id.padEnd(26)} ${pct(c.n / spread.length).padStart(7)}`);
  if (counts.filter((c) => c.n > 0).length < TARGETS.randomEndings)
    fail(
      'random players',
      `reach ${counts.filter((c) => c.n > 0).length} endings, need ${TARGETS.randomEndings}`,
    );
  for (const c of counts) {
    if (c.n / spread.length > TARGETS.maxEndingShare)
      fail(`scene '${c.id}'`, `${pct(c.n / spread.length)} of random players end here`);
  }
  if (endings.length < TARGETS.endings)
    fail('story', `${endings.length} endings, needs ${TARGETS.endings}`);
  return { lines, problems, results };
}
