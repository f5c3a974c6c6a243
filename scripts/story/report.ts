import { STAT_LABELS } from '../../core/game/stats.ts';
import { STAT_KEYS, type StatKey } from '../../core/game/stats.types.ts';
import type { PlayResult } from './simulate.ts';
import { atScene, type Problem, type StoryScene } from './types.ts';

/** Lowest, highest and mean value of one stat over a set of runs. */
interface StatRange {
  min: number;
  max: number;
  mean: number;
}

/** How often one ending was reached, and the stats players had there. */
interface EndingShare {
  id: string;
  title: string;
  count: number;
  /** Fraction of all runs, 0..1. */
  share: number;
  /** Null when no run reached the ending. */
  stats: Record<StatKey, StatRange> | null;
}

/** The outcome of many play-throughs. */
export interface Summary {
  runs: number;
  endings: EndingShare[];
  stepCap: number;
  /** Runs that stopped on a scene with no open option, or had a choice refused. */
  blocked: PlayResult[];
}

function ranges(results: readonly PlayResult[]): Record<StatKey, StatRange> | null {
  if (results.length === 0) return null;
  const out = {} as Record<StatKey, StatRange>;
  for (const key of STAT_KEYS) {
    const values = results.map((r) => r.stats[key]);
    const sum = values.reduce((a, b) => a + b, 0);
    out[key] = { min: Math.min(...values), max: Math.max(...values), mean: sum / values.length };
  }
  return out;
}

/** Counts the endings reached (every ending scene listed, even at 0) and the runs that failed. */
export function summarise(results: readonly PlayResult[], scenes: readonly StoryScene[]): Summary {
  const endings = scenes
    .filter((s) => s.is_ending)
    .map((s) => {
      const reached = results.filter((r) => r.outcome === 'ending' && r.sceneId === s.id);
      return {
        id: s.id,
        title: s.title,
        count: reached.length,
        share: results.length === 0 ? 0 : reached.length / results.length,
        stats: ranges(reached),
      };
    });
  return {
    runs: results.length,
    endings,
    stepCap: results.filter((r) => r.outcome === 'step-cap').length,
    blocked: results.filter((r) => r.outcome === 'stuck' || r.outcome === 'refused'),
  };
}

/** Problems a summary shows: runs left with no way on (stuck, or a choice refused). */
export function balanceProblems(summary: Summary, label: string): Problem[] {
  const problems: Problem[] = [];
  const seen = new Set<string>();
  for (const r of summary.blocked) {
    const key = `${r.sceneId} ${r.detail}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const count = summary.blocked.filter((b) => `${b.sceneId} ${b.detail}` === key).length;
    problems.push({
      where: `scene '${r.sceneId}'`,
      message: `${count} ${label} run(s) ${r.outcome} here: ${r.detail}`,
    });
  }
  return problems;
}

/** Endings that none of the simulated players (random or fixed styles) reached. */
export function unreachedEndings(
  scenes: readonly StoryScene[],
  results: readonly PlayResult[],
): Problem[] {
  const reached = new Set(results.filter((r) => r.outcome === 'ending').map((r) => r.sceneId));
  return scenes
    .filter((s) => s.is_ending && !reached.has(s.id))
    .map((s) => ({ where: atScene(s), message: 'no simulated player reaches this ending' }));
}

/** A share as a percentage with one decimal. */
export function pct(share: number): string {
  return `${(share * 100).toFixed(1)} %`;
}

const num = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/** Lines showing the ending distribution and each ending's stat ranges. */
export function formatSummary(summary: Summary): string[] {
  const lines: string[] = [];
  const width = Math.max(...summary.endings.map((e) => e.id.length));
  for (const e of summary.endings) {
    lines.push(`  ${e.id.padEnd(width)}  ${pct(e.share).padStart(7)}  (${e.count})  ${e.title}`);
    if (!e.stats) continue;
    const parts = STAT_KEYS.map((k) => {
      const r = e.stats![k];
      return `${STAT_LABELS[k]} ${num(r.min)}..${num(r.max)} ~${num(r.mean)}`;
    });
    lines.push(`      ${parts.slice(0, 4).join(' | ')}`);
    lines.push(`      ${parts.slice(4).join(' | ')}`);
  }
  lines.push(`  step cap reached: ${summary.stepCap}; blocked runs: ${summary.blocked.length}`);
  return lines;
}
