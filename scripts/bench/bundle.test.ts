import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { downloadParts } from './bundle.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A dist/web with a manifest, the chunks' files and modules.json, as vite.config.ts writes them. */
function build(files: Record<string, string>, manifest: object, modules: object): string {
  const root = mkdtempSync(path.join(tmpdir(), 'bundle-parts-'));
  dirs.push(root);
  mkdirSync(path.join(root, '.vite'));
  mkdirSync(path.join(root, 'assets'));
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(root, file), text);
  writeFileSync(path.join(root, '.vite/manifest.json'), JSON.stringify(manifest));
  writeFileSync(path.join(root, '.vite/modules.json'), JSON.stringify(modules));
  return root;
}

const gz = (text: string) => gzipSync(text, { level: 9 }).length;

describe('downloadParts', () => {
  it("shares each chunk's gzip size among its modules' packages and folders, each chunk once", () => {
    const entry = 'var a=1;'.repeat(40);
    const route = 'function b(){return 2}'.repeat(10);
    const root = build(
      { 'assets/index.js': entry, 'assets/scene.js': route },
      {
        'index.html': { file: 'assets/index.js', isEntry: true },
        'routes/scene.tsx': { file: 'assets/scene.js', imports: ['index.html'] },
      },
      {
        'assets/index.js': {
          'node_modules/react-dom/cjs/react-dom-client.production.js': 300,
          'node_modules/@tanstack/query-core/build/modern/query.js': 100,
        },
        'assets/scene.js': { 'web/features/play/x.ts': 150, 'web/lib/cn.ts': 50 },
      },
    );
    const parts = Object.fromEntries(
      downloadParts(root, ['index.html', 'routes/scene.tsx']).map((p) => [p.part, p.jsGzip]),
    );
    expect(parts['react-dom']).toBeCloseTo((gz(entry) * 3) / 4);
    expect(parts['@tanstack/query-core']).toBeCloseTo(gz(entry) / 4);
    expect(parts['web/features/play']).toBeCloseTo((gz(route) * 3) / 4);
    expect(parts['web/lib']).toBeCloseTo(gz(route) / 4);
    const total = Object.values(parts).reduce((n, x) => n + x, 0);
    expect(total).toBeCloseTo(gz(entry) + gz(route));
  });

  it('names a route module missing from the build', () => {
    const root = build({}, {}, {});
    expect(() => downloadParts(root, ['routes/nope.tsx'])).toThrow(/not in the Vite manifest/);
  });
});
