import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';

export interface LighthouseScores {
  url: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** First and largest contentful paint (simulated mobile), ms. */
  fcpMs: number;
  lcpMs: number;
  /** Total blocking time (simulated mobile: observed wall time × 4), ms. */
  tbtMs: number;
  /** Audits that cost points (score < 1 in a scored category), for fixing. */
  failing: string[];
  /** The SEO audits that cost points, by id ('is-crawlable' when the page says noindex). */
  seoFailing: string[];
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** Debian's Chromium with a DevTools port for Lighthouse (mobile settings are its default). */
async function startChromium(port: number): Promise<{ close(): Promise<void> }> {
  const profile = mkdtempSync(path.join(tmpdir(), 'bench-lh-'));
  const child = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--no-first-run',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    // Its own process group: closing stops the helpers (renderer, GPU, network) with it.
    { stdio: 'ignore', detached: true },
  );
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid as number), sig);
    } catch {
      // already gone
    }
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${port}/json/version`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline || child.exitCode !== null) {
      signal('SIGKILL');
      throw new Error('Chromium did not open its DevTools port');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    async close() {
      const gone = new Promise((r) => child.once('exit', r));
      signal('SIGTERM');
      await Promise.race([gone, new Promise((r) => setTimeout(r, 5000))]);
      signal('SIGKILL'); // any helper still there
      // A helper may still be writing the profile for a moment after the exit: a profile left
      // behind in the temp folder is said, not a failed measurement.
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      } catch (err) {
        console.log(`  (Chromium's profile ${profile} was left: ${(err as Error).message})`);
      }
    },
  };
}

/** Lighthouse's four category scores (0–100) for each URL, mobile emulation and throttling. */
export async function lighthouseScores(
  urls: { url: string; cookie?: string }[],
  port: number,
): Promise<LighthouseScores[]> {
  const chrome = await startChromium(port);
  const out: LighthouseScores[] = [];
  try {
    for (const { url, cookie } of urls) {
      const result = await lighthouse(url, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const failing: string[] = [];
      const seoFailing: string[] = [];
      for (const id of CATEGORIES) {
        for (const ref of lhr.categories[id]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
          const value = audit.displayValue ? ` (${audit.displayValue})` : '';
          failing.push(`${id}/${ref.id}: ${audit.title}${value} score ${audit.score}`);
          if (id === 'seo') seoFailing.push(ref.id);
        }
      }
      // What to fix: opportunities with savings, the issues logged and what shifted the layout.
      for (const audit of Object.values(lhr.audits)) {
        const details = audit.details as
          | { type?: string; overallSavingsMs?: number; items?: Record<string, unknown>[] }
          | undefined;
        const savings = details?.overallSavingsMs ?? 0;
        if (details?.type === 'opportunity' && savings >= 100) {
          failing.push(`hint ${audit.id}: ${audit.title} (saves ~${Math.round(savings)} ms)`);
        }
        if (
          [
            'inspector-issues',
            'layout-shifts',
            'render-blocking-resources',
            'largest-contentful-paint-element',
          ].includes(audit.id)
        ) {
          for (const item of (details?.items ?? []).slice(0, 4)) {
            failing.push(`detail ${audit.id}: ${JSON.stringify(item).slice(0, 300)}`);
          }
        }
      }
      out.push({
        url,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? Number.NaN,
        lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
        failing,
        seoFailing,
      });
    }
  } finally {
    await chrome.close();
  }
  return out;
}
