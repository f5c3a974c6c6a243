/** One figure of the bench's goals table: what this run measured beside its goal. */
interface Row {
  figure: string;
  measured: string;
  goal: string;
  /** Met, missed, or not measured in this run (null). */
  met: boolean | null;
}

const rows: Row[] = [];

/** Records a figure for the closing table (`met` null: not measured, e.g. a part failed). */
export function record(figure: string, measured: string, goal: string, met: boolean | null): void {
  const existing = rows.find((r) => r.figure === figure);
  if (existing) Object.assign(existing, { measured, goal, met });
  else rows.push({ figure, measured, goal, met });
}

/** The figures of the table in its order; those no part recorded show as not measured. */
const TABLE_FIGURES: { figure: string; goal: string }[] = [
  { figure: 'click → next scene painted, p95 (Chromium, localhost)', goal: '≤ 50 ms' },
  {
    figure: 'Start on the home page → first options on screen',
    goal: '≤ 2× a later choice, ≤ 2 API requests',
  },
  { figure: 'scene read ÷ /api/health throughput, SQLite', goal: '≥ 0.8×' },
  { figure: 'choice ÷ /api/health, SQLite', goal: '≥ 0.5×' },
  { figure: 'scene read / choice ÷ health, PostgreSQL', goal: '≥ 0.6× / ≥ 0.3×' },
  { figure: 'JS a player downloads from / to the first scene, gzip', goal: '≤ 100 KB' },
  { figure: 'Lighthouse mobile performance, scene page', goal: '≥ 98, LCP ≤ 1.2 s' },
  {
    figure: 'words of the page in the served HTML (public pages, scene page)',
    goal: 'all of them',
  },
  { figure: 'server RSS idle / 1,000 players', goal: '≤ 100 / ≤ 150 MB' },
  { figure: 'story map, 10,000 scenes, longest task while opening', goal: '≤ 100 ms' },
  { figure: "class of 200: a student's click → the teacher's row, p95", goal: '≤ 2 s' },
];

/** Prints the table: every figure, this run's value, its goal and whether it was met. */
export function printSummary(context: string): void {
  console.log(`\n## Bench goals (${context})\n`);
  console.log('| figure | this run | goal | |');
  console.log('|---|---|---|---|');
  for (const { figure, goal } of TABLE_FIGURES) {
    const r = rows.find((x) => x.figure === figure);
    const met = r?.met == null ? 'not measured' : r.met ? 'met' : 'MISSED';
    console.log(`| ${figure} | ${r?.measured ?? '—'} | ${goal} | ${met} |`);
  }
  for (const r of rows) {
    if (TABLE_FIGURES.some((t) => t.figure === r.figure)) continue;
    const met = r.met == null ? '' : r.met ? 'met' : 'MISSED';
    console.log(`| ${r.figure} | ${r.measured} | ${r.goal} | ${met} |`);
  }
}
