import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { decodeEntities } from '../../core/html-entities.ts';
import { onEachPage } from './chromium.ts';

/** One page as a first-time visitor gets it. */
export interface RouteFigures {
  path: string;
  /** Gzip size (level 9, as the build's .gz copies) of every script the page loaded. */
  jsGzip: number;
  jsFiles: string[];
  /** Distinct words shown on the rendered page, and how many of them the served HTML holds. */
  renderedWords: number;
  servedWords: number;
}

/** Lower-case words (letters and digits, with inner apostrophes and hyphens). */
function wordsOf(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? []);
}

/** The text a reader of the served HTML's body gets: no scripts, styles, templates or tags. */
export function servedText(html: string): string {
  const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? '';
  return decodeEntities(
    body
      .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<[^>]+>/g, ' '),
  );
}

/**
 * Opens each path in a fresh Chromium context (empty cache, the given cookie) and records the
 * scripts it loads until the network is idle and the words it shows; the served HTML is fetched
 * separately with the same cookie. Script sizes come from dist/web (gzip level 9).
 */
export async function routeFigures(
  baseUrl: string,
  webRoot: string,
  pages: { path: string; cookie?: string }[],
): Promise<RouteFigures[]> {
  const gzipSizes = new Map<string, number>();
  const gz = (file: string) => {
    let size = gzipSizes.get(file);
    if (size === undefined) {
      const full = path.join(webRoot, file);
      size = existsSync(full) ? gzipSync(readFileSync(full), { level: 9 }).length : 0;
      gzipSizes.set(file, size);
    }
    return size;
  };
  return onEachPage(baseUrl, pages, async (page, p) => {
    const scripts = new Set<string>();
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.add(new URL(r.url()).pathname.slice(1));
    });
    await page.goto(`${baseUrl}${p.path}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    // What the reader sees (innerText: no script or hidden text).
    const rendered = wordsOf(String(await page.evaluate('document.body.innerText')));
    const html = await fetch(`${baseUrl}${p.path}`, {
      headers: p.cookie ? { cookie: p.cookie } : {},
    }).then((r) => r.text());
    const served = wordsOf(servedText(html));
    const files = [...scripts].sort();
    return {
      path: p.path,
      jsGzip: files.reduce((n, f) => n + gz(f), 0),
      jsFiles: files,
      renderedWords: rendered.size,
      servedWords: [...rendered].filter((w) => served.has(w)).length,
    };
  });
}

/** Gzip size of the union of the scripts of several pages (a player's way through them). */
export function journeyJs(figures: RouteFigures[], paths: string[], webRoot: string): number {
  const files = new Set(figures.filter((f) => paths.includes(f.path)).flatMap((f) => f.jsFiles));
  let total = 0;
  for (const f of files) {
    const full = path.join(webRoot, f);
    if (existsSync(full)) total += gzipSync(readFileSync(full), { level: 9 }).length;
  }
  return total;
}
