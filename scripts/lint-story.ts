/**
 * Story check for the demo adventure in content/ (`npm run lint:story`, also run by `npm test`).
 *
 * Day rule (content/README.md): product rules "Play" says scenes with
 * is_end_of_day or is_ending show no options. We keep that for endings only. An end-of-day scene
 * closes a game day and shows exactly its options, each labelled as starting the next day
 * ('Start Day 2: ...'); the play engine must let players choose them, or every game would stop
 * after day 1. Ending scenes have no options and end the game.
 *
 * The check fails (exit 1) on: duplicate ids, no intro start scene, broken links (an option to a
 * missing scene that is not `pending-`), scenes unreachable from intro, endings no path reaches,
 * non-ending scenes without options, 2-4 options, descriptions outside 80-250 words, invalid
 * stats_config, unknown stat keys, items no option gives, a world that lacks what the campaign asks
 * for, and the game, played with the real core rules (budget lock included): fewer
 * than half of the options leading to a scene of their own; a scene where a player with $0 has
 * no option (budget locks must never trap); the 'buy every shortcut' player reaching anything but
 * a bad ending; the 'always the sound choice' player missing the best ending; a random player
 * getting stuck; an ending taking more than 70 % of 200 random players; an ending no simulated
 * player reaches; a stat leaving its stated range (any events); a character of the
 * demo campaign mentioned before every path has introduced them; an option without a why line;
 * a lesson ('Lesson: ...') without a source in content/sources.json; a shortcut ('Flag: Shortcut:
 * ...') that leaves more SEO Ranking at the end of a game than skipping it; a player taking every
 * shortcut (kept, or cleaned up afterwards) reaching position #1 in 200 games with random events.
 *
 * Options: --runs N (default 2000 per mode), --seed S (default fixed; 'random' for a fresh one),
 * --dir PATH (another content folder, e.g. a broken copy to see the check fail).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { readContent } from '../server/content/content-files.ts';
import { checkScope, checkStory } from './story/checks.ts';
import { continuityProblems, type Named } from './story/continuity.ts';
import { checkTradeoffs } from './story/figures.ts';
import { formatPeaks, rangeProblems, statPeaks } from './story/game-checks.ts';
import {
  lessonLines,
  readSources,
  readWhyLines,
  sourceProblems,
  whyProblems,
} from './story/lessons.ts';
import { checkPlayers } from './story/players.ts';
import { balanceProblems, formatSummary, summarise, unreachedEndings } from './story/report.ts';
import { freshSeed, seededRandom } from './story/rng.ts';
import { gainProblems, shortcutGains, shortcutPlayers } from './story/shortcuts.ts';
import { type EventMode, type PlayResult, playThrough, uniformPicker } from './story/simulate.ts';
import { playStyles } from './story/styles.ts';
import type { Problem } from './story/types.ts';
import { checkWorld } from './story/world.ts';

const MAX_STEPS = 200;
/** The campaign's characters and where each is introduced (continuity). */
const NAMES: Named[] = [
  { name: 'Dex', pattern: /\bDex\b/, introducedBy: ['intro'] },
  { name: 'Aunt Millie', pattern: /\bMillie\b/, introducedBy: ['intro'] },
  { name: 'the cat', pattern: /\bcat\b/i, introducedBy: ['intro'] },
  { name: 'CapCorp', pattern: /\bCapCorp\b/, introducedBy: ['intro'] },
  { name: 'Priya', pattern: /\bPriya\b/, introducedBy: ['d1-launch-party'] },
  { name: 'Jules', pattern: /\bJules\b/, introducedBy: ['d3-redesign'] },
  { name: 'Vance', pattern: /\bVance\b/, introducedBy: ['d4-links-intro', 'ending-manual-action'] },
  { name: 'Barnaby', pattern: /\bBarnaby\b/, introducedBy: ['d4-podcast'] },
  { name: 'Bob', pattern: /\bBob\b/, introducedBy: ['d5-local'] },
  { name: 'Gerald', pattern: /\bGerald\b/, introducedBy: ['d5-reviews'] },
];
const DEFAULT_SEED = 20_240_607;
/** The item every kept black-hat trick of the story gives (see content/README.md). */
const SPAM_ITEM = 'Flag: Spam';
/** Items that stand for a kept trick whose bill is still to come (content/README.md). */
const BILL_ITEMS = [SPAM_ITEM, 'Flag: Markup Action'];
/** The campaign's promises (content/README.md): shortcuts end badly, sound play wins. */
const RULES = {
  best: 'ending-rank-one',
  top: ['ending-rank-one', 'ending-rank-one-lean'],
  bad: ['ending-manual-action', 'ending-out-of-budget'],
  spamItem: SPAM_ITEM,
} as const;
const MODES: { mode: EventMode; label: string }[] = [
  { mode: 'signed-in', label: 'signed-in players (events of content/random-events.json)' },
  {
    mode: 'guest',
    label:
      'guests (the same events on the guest timing: every 2nd scene, not the first choice, 80 %, never twice in a row)',
  },
];

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '2000' },
    seed: { type: 'string' },
    dir: { type: 'string' },
  },
});

/** Stops with a one-line message (exit 2: the check could not run). */
function usage(message: string): never {
  console.error(`lint:story: ${message}`);
  process.exit(2);
}

const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1)
  usage(`--runs must be a positive whole number, got '${values.runs}'`);
const seed = values.seed === 'random' ? freshSeed() : Number(values.seed ?? DEFAULT_SEED);
if (!Number.isInteger(seed) || seed < 0)
  usage(`--seed must be a whole number or 'random', got '${values.seed}'`);

const dir = values.dir ? pathToFileURL(`${path.resolve(values.dir)}/`) : undefined;
const contentDir = dir ?? new URL('../content/', import.meta.url);
const content = await readContent(dir).catch((err: Error) => usage(err.message));
const why = await readWhyLines(new URL('scenes.json', contentDir)).catch(
  () => new Map<string, unknown>(),
);
const sourcesFile = await readSources(new URL('sources.json', contentDir));
const { scenes } = content;
const byId = new Map(scenes.map((s) => [s.id, s]));
const days = new Set(scenes.map((s) => s.day)).size;
const optionCount = scenes.reduce((n, s) => n + s.options.length, 0);
const endingCount = scenes.filter((s) => s.is_ending).length;
console.log(
  `story: ${scenes.length} scenes, ${optionCount} options, ${days} days, ${endingCount} endings`,
);

const problems: Problem[] = [
  ...checkStory(scenes),
  ...checkScope(scenes),
  ...checkWorld(content),
  ...(dir ? [] : continuityProblems(scenes, NAMES)),
];
console.log(problems.length === 0 ? 'structure: ok' : `structure: ${problems.length} problem(s)`);

const whyMissing = whyProblems(scenes, why);
console.log(
  `why lines: ${optionCount - whyMissing.length} of ${optionCount} options have one (every option needs one)`,
);
problems.push(...whyMissing);
if (sourcesFile.problem) problems.push(sourcesFile.problem);
if (sourcesFile.sources) {
  const { sources } = sourcesFile;
  const missing = sourceProblems(scenes, sources);
  const lessonCount = lessonLines(scenes, sources).length;
  console.log(
    `lessons and their sources (content/sources.json): ${lessonCount} lessons, ${Object.keys(sources.sources).length} sources, ${Object.keys(sources.scenes).length} scenes with a source line; ${missing.length} problem(s)`,
  );
  for (const line of lessonLines(scenes, sources)) console.log(`  ${line}`);
  problems.push(...missing);
}

if (byId.has('intro')) {
  const { events } = content;
  const ads = content.advertisements.filter((a) => a.active !== false);
  const all: PlayResult[] = [];
  const inRange: PlayResult[] = [];
  console.log(
    `simulation: ${runs} random play-throughs per mode, seed ${seed}, step cap ${MAX_STEPS}`,
  );
  for (const { mode, label } of MODES) {
    const random = seededRandom(seed);
    const pick = uniformPicker(random);
    const results = Array.from({ length: runs }, () =>
      playThrough(byId, pick, { mode, events, ads, random, maxSteps: MAX_STEPS }),
    );
    all.push(...results);
    inRange.push(...results);
    const summary = summarise(results, scenes);
    console.log(`- ${label}:`);
    for (const line of formatSummary(summary)) console.log(line);
    problems.push(...balanceProblems(summary, mode));
  }
  console.log('the game:');
  const players = checkPlayers(scenes, events, RULES, {
    seed,
    maxSteps: MAX_STEPS,
    randomPlayers: 200,
    maxShare: 0.7,
    guestSeeds: 10,
    ads,
  });
  for (const line of players.lines) console.log(`  ${line}`);
  problems.push(...players.problems);
  all.push(...players.results, ...players.guestResults);
  inRange.push(...players.results, ...players.guestResults);
  console.log('trade-offs (signed-in events):');
  const tradeoffs = checkTradeoffs(scenes, events, {
    best: RULES.best,
    top: RULES.top,
    spamItem: SPAM_ITEM,
    seed,
    maxSteps: MAX_STEPS,
    randomPlayers: 200,
    ads,
  });
  for (const line of tradeoffs.lines) console.log(`  ${line}`);
  problems.push(...tradeoffs.problems);
  all.push(...tradeoffs.results);
  inRange.push(...tradeoffs.results);
  console.log("shortcuts (options marked 'Flag: Shortcut: ...'):");
  const shortcutRules = {
    top: RULES.top,
    best: RULES.best,
    spamItem: SPAM_ITEM,
    billItems: BILL_ITEMS,
    seed,
    maxSteps: MAX_STEPS,
    games: 200,
    ads,
  };
  const gains = shortcutGains(scenes, shortcutRules);
  console.log(
    `  SEO Ranking at the end of a game (no events): skipped / taken and cleaned up / taken and kept, for each of ${gains.length} shortcuts`,
  );
  for (const g of gains)
    console.log(`    ${g.option.id.padEnd(26)} ${g.skip} / ${g.clean} / ${g.keep}`);
  problems.push(...gainProblems(gains));
  for (const p of shortcutPlayers(scenes, events, shortcutRules)) {
    console.log(
      `  ${p.name}: position #1 in ${p.top} of ${p.results.length} games with random events (must be 0), highest SEO Ranking ${p.maxSeo}`,
    );
    all.push(...p.results);
    inRange.push(...p.results);
    if (p.top > 0)
      problems.push({
        where: `${p.name} player`,
        message: `reaches position #1 in ${p.top} games`,
      });
  }
  console.log('play styles (signed-in events):');
  for (const style of playStyles(byId, SPAM_ITEM)) {
    const r = playThrough(byId, style.pick, {
      mode: 'signed-in',
      events,
      random: seededRandom(seed),
      maxSteps: MAX_STEPS,
    });
    all.push(r);
    inRange.push(r);
    const where = r.outcome === 'ending' ? r.sceneId : `${r.outcome} at '${r.sceneId}'`;
    console.log(`  ${style.name.padEnd(32)} -> ${where} after ${r.steps} choices`);
  }
  const peaks = statPeaks(inRange);
  console.log(`stat peaks (every simulated player, any events): ${formatPeaks(peaks)}`);
  problems.push(...rangeProblems(peaks, 'simulated play'), ...unreachedEndings(scenes, all));
}

for (const p of problems) console.log(`✗ ${p.where}: ${p.message}`);
console.log(
  problems.length === 0 ? 'lint:story: OK' : `lint:story: FAILED (${problems.length} problem(s))`,
);
process.exitCode = problems.length === 0 ? 0 : 1;
