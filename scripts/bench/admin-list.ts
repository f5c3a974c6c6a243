import { ok, request } from '../../test/http-kit.ts';
import { SEO_WORDS } from './chromium.ts';

const ms = (n: number) => `${n.toFixed(1)} ms`;
const mark = (pass: boolean) => (pass ? 'ok' : 'MISSED');

/** The p-th percentile of `values` (nearest rank). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * Creates 10,000 scenes through the admin API, then times the admin scene list and searches
 * (p50 and p95 of 20 loopback round trips each).
 */
export async function adminListFigures(url: string, admin: string): Promise<void> {
  const s = { url };
  const words = SEO_WORDS;
  const total = 10_000;
  let next = 0;
  const t0 = Date.now();
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < total) {
        const i = next++;
        const w = (k: number) => words[(i * 7 + k * 3) % words.length];
        await ok(s.url, 'POST', '/api/admin/scenes', admin, {
          id: `gen-${String(i).padStart(5, '0')}`,
          title: `${w(0)} ${w(1)} problem ${i}`,
          subtitle: `Day ${1 + (i % 30)}`,
          description: `The ${w(2)} of the shop needs work: ${w(3)}, ${w(4)} and a ${w(5)} in scene ${i}.`,
          reference: `generated ${i}`,
        });
      }
    }),
  );
  console.log(`  created ${total} scenes in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  const time = async (label: string, url: string) => {
    for (let i = 0; i < 3; i++) await ok(s.url, 'GET', url, admin);
    const samples: number[] = [];
    let body: { total?: number } = {};
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      const res = await request(s.url, 'GET', url, { cookie: admin });
      samples.push(performance.now() - t);
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.text}`);
      body = res.json() as { total?: number };
    }
    const p50 = percentile(samples, 50);
    console.log(
      `  ${label.padEnd(34)} p50 ${ms(p50)}  p95 ${ms(percentile(samples, 95))}  ` +
        `(${body.total} matches; target ≤ 50 ms ${mark(p50 <= 50)})`,
    );
  };
  await time('list, first page', '/api/admin/scenes');
  await time('list, page 400', '/api/admin/scenes?page=400');
  await time(
    'search "crawler ranking"',
    `/api/admin/scenes?q=${encodeURIComponent('crawler ranking')}`,
  );
  await time('search "keyword"', '/api/admin/scenes?q=keyword');
  await time('search by id "gen-0777"', '/api/admin/scenes?q=gen-0777');
  await time('search, no match', '/api/admin/scenes?q=zebra');
  console.log('  (times are loopback round trips, an upper bound of the server time)');
}
