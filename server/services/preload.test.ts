import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isClientRoute } from '../../core/routes.ts';
import {
  loaderTag,
  preloadsOf,
  ROUTE_MODULES,
  type ViteManifest,
  withoutModuleTags,
  withPreloads,
} from './preload.ts';

const manifest: ViteManifest = {
  'index.html': {
    file: 'assets/index-A.js',
    isEntry: true,
    imports: ['_jsx-runtime-B.js'],
    assets: ['assets/vt323-latin-ext-400-normal-X.woff2', 'assets/vt323-latin-400-normal-Y.woff2'],
  },
  '_jsx-runtime-B.js': { file: 'assets/jsx-runtime-B.js' },
  '_useQuery-C.js': { file: 'assets/useQuery-C.js', imports: ['_jsx-runtime-B.js'] },
  'routes/start.tsx': { file: 'assets/start-D.js', imports: ['_useQuery-C.js', 'index.html'] },
  'routes/game/game-layout.tsx': { file: 'assets/game-layout-E.js', imports: ['_useQuery-C.js'] },
  'routes/game/scene.tsx': { file: 'assets/scene-F.js', imports: ['_useQuery-C.js'] },
};

describe('preload tags for the HTML shell', () => {
  it('lists the entry, its imports, then the route chunks and what they import, once each', () => {
    const page = preloadsOf(manifest, '/game/scene/intro');
    expect(page.modules).toEqual([
      '/assets/index-A.js',
      '/assets/jsx-runtime-B.js',
      '/assets/game-layout-E.js',
      '/assets/useQuery-C.js',
      '/assets/scene-F.js',
    ]);
    expect(page.head).toBe(
      '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/vt323-latin-400-normal-Y.woff2">',
    );
    // The start screen loads its own chunk first, then the first scene's (Start paints it at once).
    expect(preloadsOf(manifest, '/').modules).toEqual([
      '/assets/index-A.js',
      '/assets/jsx-runtime-B.js',
      '/assets/start-D.js',
      '/assets/useQuery-C.js',
      '/assets/game-layout-E.js',
      '/assets/scene-F.js',
    ]);
    expect(
      preloadsOf(manifest, '/').modules.filter((m) => m === '/assets/index-A.js'),
    ).toHaveLength(1);
  });

  it('gives unknown paths and admin pages the entry only, an empty manifest nothing', () => {
    for (const p of ['/no/such', '/admin/scenes']) {
      expect(preloadsOf(manifest, p).modules).toEqual([
        '/assets/index-A.js',
        '/assets/jsx-runtime-B.js',
      ]);
    }
    expect(preloadsOf({}, '/game/scene/x')).toEqual({ head: '', modules: [] });
  });

  it("takes the build's module script and module preloads out of index.html", () => {
    const built =
      '<head><title>t</title>\n    <script type="module" crossorigin src="/assets/index-A.js"></script>\n' +
      '    <link rel="modulepreload" crossorigin href="/assets/jsx-runtime-B.js">\n    <style>b{}</style></head>';
    expect(withoutModuleTags(built)).toBe('<head><title>t</title>\n    <style>b{}</style></head>');
  });

  it('loads the app with the nonce: at once, or after the first contentful paint', () => {
    const modules = ['/assets/index-A.js', '/assets/scene-F.js'];
    const now = loaderTag('n0nce', modules, false);
    expect(now).toMatch(/^<script nonce="n0nce">/);
    expect(now).toContain('["/assets/index-A.js","/assets/scene-F.js"]');
    expect(now).toContain('import(m[0])');
    expect(now).not.toContain('first-contentful-paint');
    const later = loaderTag('n0nce', modules, true);
    expect(later).toContain('first-contentful-paint');
    expect(later).toContain('visibilityState==="hidden"');
    // A click before the app runs is held for it (web/main.tsx plays it again after hydration).
    expect(later).toContain('window.__seoEarlyClick=');
    expect(now).not.toContain('__seoEarlyClick');
    expect(loaderTag('n0nce', [], true)).toBe('');
  });

  it('puts the tags into <head>, before its inline styles', () => {
    const html = '<html><head><title>t</title></head><body></body></html>';
    const out = withPreloads(html, '<link rel="preload" href="/a.woff2">');
    expect(out.indexOf('/a.woff2')).toBeGreaterThan(out.indexOf('</title>'));
    expect(out.indexOf('/a.woff2')).toBeLessThan(out.indexOf('</head>'));
    expect(withPreloads(html, '')).toBe(html);
    const styled = '<html><head><title>t</title><style>b{}</style></head></html>';
    const before = withPreloads(styled, '<link rel="preload" href="/a.woff2">');
    expect(before.indexOf('/a.woff2')).toBeLessThan(before.indexOf('<style>'));
  });

  it('names only modules the router really loads lazily, for paths the app knows', () => {
    const router = readFileSync(new URL('../../web/app/router.tsx', import.meta.url), 'utf8');
    // The event and advertisement screens' routes take their modules from one file.
    const screens = readFileSync(
      new URL('../../web/routes/game/interruption-screens.ts', import.meta.url),
      'utf8',
    );
    const lazy = new Set([
      ...[...router.matchAll(/import\('\.\.\/(routes\/[^']+)'\)/g)].map((m) => m[1]),
      ...[...screens.matchAll(/import\('\.\/([^']+)'\)/g)].map((m) => `routes/game/${m[1]}`),
    ]);
    for (const [pattern, modules] of ROUTE_MODULES) {
      for (const m of modules) expect(lazy.has(m), `${m} (${pattern})`).toBe(true);
      const example = pattern.source
        .replace(/\\\//g, '/')
        .replace('[^/]+', 'x')
        .replace(/[\^$]/g, '');
      expect(isClientRoute(example), example).toBe(true);
    }
  });
});
