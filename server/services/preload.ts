import { insertBefore } from './html-shell.ts';

/** A chunk of the Vite manifest (dist/web/.vite/manifest.json), as far as preloading needs it. */
interface ManifestChunk {
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
  // The start screen also loads the first scene's (GAME_LAYOUT, scene): Start paints it at the
  // click (web/routes/start-button.ts), and every new visitor goes there next.
  [/^\/$/, ['routes/start.tsx', GAME_LAYOUT, 'routes/game/scene.tsx']],
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

/** What one page needs from the build besides its HTML. */
export interface PagePreloads {
  /** Tags for <head>: the main font's preload. */
  head: string;
  /** The app's modules, as URLs: the entry first, then what it imports, then the route's chunks. */
  modules: string[];
}

/** The preloads of one list of route modules (see preloader). */
function preloadsFor(manifest: ViteManifest, routeModules: readonly string[]): PagePreloads {
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  const entry = entryKey ? manifest[entryKey] : undefined;
  const font = entry?.assets?.find((a) => MAIN_FONT.test(`/${a}`));
  const head = font
    ? `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${font}">`
    : '';
  if (!entry || !entryKey) return { head, modules: [] };
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.push(`/${chunk.file}`);
    for (const i of chunk.imports ?? []) visit(i);
  };
  visit(entryKey);
  for (const m of routeModules) visit(m);
  return { head, modules: files };
}

/**
 * What each page needs besides its HTML: the main font's preload for <head>, and the modules
 * the app runs on that page (the entry, its imports, the route's lazy chunks and what they
 * import), for the loader (loaderTag). Unknown paths and the admin area get the entry's
 * modules only; modules missing from the manifest are left out. Worked out once per route,
 * here; the returned function only matches the path.
 */
export function preloader(manifest: ViteManifest): (pathname: string) => PagePreloads {
  const byRoute = ROUTE_MODULES.map(([, modules]) => preloadsFor(manifest, modules));
  const entryOnly = preloadsFor(manifest, []);
  return (pathname) => {
    const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const i = ROUTE_MODULES.findIndex(([re]) => re.test(p));
    return i < 0 ? entryOnly : (byRoute[i] ?? entryOnly);
  };
}

/** preloader(manifest) for one path. */
export function preloadsOf(manifest: ViteManifest, pathname: string): PagePreloads {
  return preloader(manifest)(pathname);
}

/**
 * index.html without the build's module script and module preloads: the server-rendered pages
 * load the app through loaderTag instead.
 */
export function withoutModuleTags(template: string): string {
  return template
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
}

/**
 * The inline script (with this response's nonce) that loads the app: it runs the entry and asks
 * for the page's other modules (module preloads) right away. On a page with server-rendered content
 * (`afterPaint`) it waits until the browser has shown that content (the first contentful paint;
 * without paint timing, the next frame): until then the document, its inline styles and the
 * font have the network and the main thread to themselves, and the first paint never waits for
 * the app's ~140 KB of script. A page opened in a background tab, where nothing is painted,
 * loads at once; a page that has not painted after 3 s loads then.
 *
 * Until the app takes the page over, a click on a button of the server-rendered page would do
 * nothing (and a form's button would submit it the old way): the loader holds the last such
 * click, and the app plays it again once it has hydrated (web/main.tsx, takeEarlyClick). A link
 * marked `data-early-click` is held the same way: the start screen's Start, whose click the app
 * turns into one request (web/routes/start-button.ts) instead of a page load of its link. A key
 * 1-9 is held as a click on the option button it picks (the button's aria-keyshortcuts).
 */
export function loaderTag(nonce: string, modules: readonly string[], afterPaint: boolean): string {
  if (modules.length === 0) return '';
  // The entry first; then the others' preloads, four per task: creating a preload costs the main
  // thread about a millisecond (more on a slow phone), and a page is 5-30 modules.
  const load =
    `var m=${JSON.stringify(modules)},done;function go(){if(done)return;done=1;import(m[0]);add(1)}` +
    'function add(i){for(var n=i+4;i<n&&i<m.length;i++){var l=document.createElement("link");' +
    'l.rel="modulepreload";l.crossOrigin="";l.href=m[i];document.head.appendChild(l)}' +
    'if(i<m.length)setTimeout(add,0,i)}';
  const when = afterPaint
    ? 'var c,on=1;function rec(e){var b=on&&e.target.closest&&e.target.closest("button,a[data-early-click]");' +
      'if(b&&!b.disabled){e.preventDefault();e.stopPropagation();c=b}}' +
      'document.addEventListener("click",rec,true);' +
      // Keys 1-9 pick a scene's options (aria-keyshortcuts): a press is held as that option's click.
      'function key(e){var t=e.target,b;if(!on||e.altKey||e.ctrlKey||e.metaKey||!/^[1-9]$/.test(e.key)||' +
      '(t&&t.closest&&t.closest("input,textarea,select,[contenteditable]")))return;' +
      "b=document.querySelector('button[aria-keyshortcuts=\"'+e.key+'\"]');" +
      'if(b&&!b.disabled){e.preventDefault();c=b}}' +
      'document.addEventListener("keydown",key,true);' +
      'window.__seoEarlyClick=function(){on=0;document.removeEventListener("click",rec,true);' +
      'document.removeEventListener("keydown",key,true);return c};' +
      'var P=window.PerformanceObserver;' +
      'if(document.visibilityState==="hidden")go();' +
      'else if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0)' +
      'new P(function(l,o){if(l.getEntriesByName("first-contentful-paint").length)' +
      '{o.disconnect();setTimeout(go)}}).observe({type:"paint",buffered:true});' +
      'else requestAnimationFrame(function(){setTimeout(go)});setTimeout(go,3000)'
    : 'go()';
  return `<script nonce="${nonce}">(function(){${load}${when}})()</script>`;
}

/**
 * Puts tags into <head> before the inline styles (tens of KB the browser would read first),
 * else at its end; nowhere when there are none.
 */
export function withPreloads(html: string, tags: string): string {
  return tags ? insertBefore(html, /<style[\s>]|<\/head>/i, tags, false) : html;
}
