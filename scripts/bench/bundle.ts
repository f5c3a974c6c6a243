import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteWeight {
  route: string;
  jsGzip: number;
  cssGzip: number;
  files: string[];
  adminFiles: string[];
}

const GAME_LAYOUT = ['index.html', 'routes/game/game-layout.tsx'];

/** The route modules a player's page loads: the entry, then the lazy route chunks on its path. */
export const PLAYER_ROUTES: Record<string, string[]> = {
  '/': ['index.html', 'routes/start.tsx'],
  '/landing': ['index.html', 'routes/landing.tsx'],
  '/auth': [...GAME_LAYOUT, 'routes/auth.tsx'],
  '/game': [...GAME_LAYOUT, 'routes/game/game-home.tsx'],
  '/game/scene/:id': [...GAME_LAYOUT, 'routes/game/scene.tsx'],
  '/game/advertisement/:id': [...GAME_LAYOUT, 'routes/game/advertisement.tsx'],
  '/game/random-event': [...GAME_LAYOUT, 'routes/game/random-event.tsx'],
  '/take-a-break': [...GAME_LAYOUT, 'routes/take-a-break.tsx'],
  '/consultants': [...GAME_LAYOUT, 'routes/consultants.tsx'],
  '/consultant-submission': [...GAME_LAYOUT, 'routes/consultant-submission.tsx'],
  '/page/:slug': [...GAME_LAYOUT, 'routes/static-page.tsx'],
};

/**
 * Gzip sizes of the JavaScript and CSS a player route loads (its chunks and every chunk they
 * import statically), read from dist/web/.vite/manifest.json. Lists any file that is admin code
 * (assets/admin/ or a chunk built from web/routes/admin or web/features/admin*).
 */
export function routeWeights(webRoot: string): RouteWeight[] {
  const manifest = JSON.parse(
    readFileSync(path.join(webRoot, '.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  const gz = (file: string) =>
    gzipSync(readFileSync(path.join(webRoot, file)), { level: 9 }).length;
  return Object.entries(PLAYER_ROUTES).map(([route, keys]) => {
    const seen = new Set<string>();
    const js = new Set<string>();
    const css = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      const chunk = manifest[key];
      if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
      js.add(chunk.file);
      for (const c of chunk.css ?? []) css.add(c);
      for (const i of chunk.imports ?? []) visit(i);
    };
    for (const k of keys) visit(k);
    const adminKeys = [...seen].filter((k) => /(^|\/)(routes|features)\/admin/.test(k));
    const adminFiles = [...js].filter((f) => f.startsWith('assets/admin/'));
    return {
      route,
      jsGzip: [...js].reduce((n, f) => n + gz(f), 0),
      cssGzip: [...css].reduce((n, f) => n + gz(f), 0),
      files: [...js, ...css],
      adminFiles: [...adminFiles, ...adminKeys],
    };
  });
}

/** What one part of the player's download (a package or a folder of the app) costs, gzip. */
export interface DownloadPart {
  part: string;
  jsGzip: number;
}

/**
 * The package or app folder a module belongs to: `react-dom`, `@tanstack/query-core`,
 * `web/features/play`, `core/game`, ...
 */
function partOf(moduleId: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(moduleId)?.[1];
  if (pkg) return pkg;
  const dirs = moduleId.split('/');
  return dirs.slice(0, dirs[1] === 'features' ? 3 : 2).join('/');
}

/**
 * The JS of a set of route modules (keys of the Vite manifest, as in PLAYER_ROUTES) split by the
 * package or folder it comes from: each chunk's gzip size shared among its modules by their
 * minified size (dist/web/.vite/modules.json, written by vite.config.ts). Largest first.
 */
export function downloadParts(webRoot: string, keys: readonly string[]): DownloadPart[] {
  const manifest = JSON.parse(
    readFileSync(path.join(webRoot, '.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  const modules = JSON.parse(
    readFileSync(path.join(webRoot, '.vite/modules.json'), 'utf8'),
  ) as Record<string, Record<string, number>>;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const i of chunk.imports ?? []) visit(i);
  };
  for (const k of keys) visit(k);
  const parts = new Map<string, number>();
  for (const file of files) {
    const sizes = Object.entries(modules[file] ?? {});
    const total = sizes.reduce((n, [, b]) => n + b, 0);
    const gz = gzipSync(readFileSync(path.join(webRoot, file)), { level: 9 }).length;
    // A chunk of only runtime glue (no module of its own) is counted as such.
    if (total === 0) parts.set('(chunk glue)', (parts.get('(chunk glue)') ?? 0) + gz);
    for (const [id, bytes] of sizes) {
      const part = partOf(id);
      parts.set(part, (parts.get(part) ?? 0) + (gz * bytes) / total);
    }
  }
  return [...parts].map(([part, jsGzip]) => ({ part, jsGzip })).sort((a, b) => b.jsGzip - a.jsGzip);
}
