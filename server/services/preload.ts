import { insertBefore } from './html-shell.ts';

/** A chunk of the Vite manifest (dist/web/.vite/manifest.json), as far as preloading needs it. */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  assets?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

const GAME_LAYOUT = 'routes/game/game-layout.tsx';

/**
 * The lazy route modules (keys of the Vite manifest: paths under web/) that each player path
 * renders, in the order web/app/router.tsx nests them. The admin area is left out: it loads its
 * own chunks and is not where first paint matters.
 */
export const ROUTE_MODULES: readonly (readonly [RegExp, readonly string[]])[] = [
  [/^\/$/, ['routes/start.tsx']],
  [/^\/landing$/, ['routes/landing.tsx']],
  [/^\/auth$/, [GAME_LAYOUT, 'routes/auth.tsx']],
  [/^\/game$/, [GAME_LAYOUT, 'routes/game/game-home.tsx']],
  [/^\/game\/scene\/[^/]+$/, [GAME_LAYOUT, 'routes/game/scene.tsx']],
  [/^\/game\/advertisement\/[^/]+$/, [GAME_LAYOUT, 'routes/game/advertisement.tsx']],
  [/^\/game\/random-event$/, [GAME_LAYOUT, 'routes/game/random-event.tsx']],
  [/^\/take-a-break$/, [GAME_LAYOUT, 'routes/take-a-break.tsx']],
  [/^\/consultants$/, [GAME_LAYOUT, 'routes/consultants.tsx']],
  [/^\/consultant-submission$/, [GAME_LAYOUT, 'routes/consultant-submission.tsx']],
  [/^\/page\/[^/]+$/, [GAME_LAYOUT, 'routes/static-page.tsx']],
];

/** The font every screen renders its text in (the latin subset of VT323). */
const MAIN_FONT = /\/vt323-latin-400-normal-[^/]+\.woff2$/;

/** The tags for one list of route modules (see preloadTags). */
function tagsFor(manifest: ViteManifest, modules: readonly string[]): string {
  const entry = Object.values(manifest).find((c) => c.isEntry);
  const tags: string[] = [];
  const font = entry?.assets?.find((a) => MAIN_FONT.test(`/${a}`));
  if (font) {
    tags.push(`<link rel="preload" as="font" type="font/woff2" crossorigin href="/${font}">`);
  }
  const skip = new Set<string>(entry?.imports ?? []);
  const files: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || skip.has(key) || chunk.isEntry) return;
    skip.add(key);
    files.push(chunk.file);
    for (const i of chunk.imports ?? []) visit(i);
  };
  for (const m of modules) visit(m);
  for (const f of files) tags.push(`<link rel="modulepreload" crossorigin href="/${f}">`);
  return tags.join('\n    ');
}

/**
 * `<link>` tags that let the browser fetch, while it still reads the HTML, what it would
 * otherwise discover only after the main script ran: the route's chunks with everything they
 * import (the entry's own imports are in the page already) and the main font. Unknown paths
 * and modules missing from the manifest get no module tags. The tags of every route are worked
 * out once, here; the returned function only matches the path.
 */
export function preloader(manifest: ViteManifest): (pathname: string) => string {
  const byRoute = ROUTE_MODULES.map(([, modules]) => tagsFor(manifest, modules));
  const fontOnly = tagsFor(manifest, []);
  return (pathname) => {
    const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const i = ROUTE_MODULES.findIndex(([re]) => re.test(p));
    return i < 0 ? fontOnly : (byRoute[i] ?? fontOnly);
  };
}

/** preloader(manifest) for one path. */
export function preloadTags(manifest: ViteManifest, pathname: string): string {
  return preloader(manifest)(pathname);
}

/** Puts tags at the end of <head> (or nowhere when there are none). */
export function withPreloads(html: string, tags: string): string {
  return tags ? insertBefore(html, /<\/head>/i, tags, false) : html;
}
