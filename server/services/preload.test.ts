import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isClientRoute } from '../../core/routes.ts';
import { preloadTags, ROUTE_MODULES, type ViteManifest, withPreloads } from './preload.ts';

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
  it('lists the route chunks and what they import, once each, without the entry and its imports', () => {
    const tags = preloadTags(manifest, '/game/scene/intro');
    const hrefs = [...tags.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs).toEqual([
      '/assets/vt323-latin-400-normal-Y.woff2',
      '/assets/game-layout-E.js',
      '/assets/useQuery-C.js',
      '/assets/scene-F.js',
    ]);
    expect(tags).toContain('<link rel="modulepreload" crossorigin href="/assets/scene-F.js">');
    expect(tags).toContain(
      '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/vt323-latin-400-normal-Y.woff2">',
    );
    expect(preloadTags(manifest, '/')).toContain('/assets/start-D.js');
    expect(preloadTags(manifest, '/')).not.toContain('index-A.js');
  });

  it('gives unknown paths and admin pages no module preloads, an empty manifest nothing', () => {
    for (const p of ['/no/such', '/admin/scenes']) {
      expect(preloadTags(manifest, p)).not.toContain('modulepreload');
    }
    expect(preloadTags({}, '/game/scene/x')).toBe('');
  });

  it('puts the tags at the end of <head>', () => {
    const html = '<html><head><title>t</title></head><body></body></html>';
    const out = withPreloads(html, '<link rel="modulepreload" href="/a.js">');
    expect(out.indexOf('/a.js')).toBeGreaterThan(out.indexOf('</title>'));
    expect(out.indexOf('/a.js')).toBeLessThan(out.indexOf('</head>'));
    expect(withPreloads(html, '')).toBe(html);
  });

  it('names only modules the router really loads lazily, for paths the app knows', () => {
    const router = readFileSync(new URL('../../web/app/router.tsx', import.meta.url), 'utf8');
    const lazy = new Set(
      [...router.matchAll(/import\('\.\.\/(routes\/[^']+)'\)/g)].map((m) => m[1]),
    );
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
