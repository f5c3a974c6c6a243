import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCookie,
  closeAgents,
  type HttpAnswer,
  type HttpPlayer,
  ok,
  request,
  type ServerProcess,
  signInGuests,
  spawnServer,
} from '../test/http-kit.ts';

/**
 * Secrets never leave the server, and every response carries the security headers: a CSP whose
 * scripts need no 'unsafe-inline' and that forbids framing, nosniff, a Referrer-Policy.
 */
const ADMIN = 'security-admin@example.com';
const AI_API_KEY = `sk-ops-${randomBytes(16).toString('hex')}`;
const AUTH_SECRET = `auth-secret-${randomBytes(24).toString('hex')}`;
const SECRETS = [AI_API_KEY, AUTH_SECRET];
const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'seo-adv-sec-'));
let server: ServerProcess;
let admin: string;
let guest: HttpPlayer;
let sceneId: string;

beforeAll(async () => {
  server = await spawnServer({
    port: 3513,
    dataDir,
    env: {
      ADMIN_EMAILS: ADMIN,
      AI_API_KEY,
      AUTH_SECRET,
      AI_BASE_URL: 'http://127.0.0.1:9/v1',
      METRICS_TOKEN: `metrics-${randomBytes(8).toString('hex')}`,
    },
  });
  admin = await adminCookie(server.url, ADMIN);
  guest = (await signInGuests(server.url, 1))[0]!;
  const game = (await ok(server.url, 'POST', '/api/play/game/start', guest.cookie, {})) as {
    player: { currentSceneId: string };
  };
  sceneId = game.player.currentSceneId;
});
afterAll(async () => {
  const code = await server?.stop();
  closeAgents();
  rmSync(dataDir, { recursive: true, force: true });
  expect(code).toBe(0);
});

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

function expectNoSecret(where: string, res: HttpAnswer): void {
  const all = `${JSON.stringify(res.headers)}\n${res.text}`;
  for (const s of SECRETS) expect(all.includes(s), `${where} leaks a secret`).toBe(false);
}

/** The CSP's directives by name. */
function csp(header: string | string[] | undefined): Map<string, string[]> {
  expect(header, 'Content-Security-Policy missing').toBeDefined();
  const value = Array.isArray(header) ? header.join(';') : String(header);
  return new Map(
    value
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

function expectSecurityHeaders(where: string, res: HttpAnswer): void {
  const policy = csp(res.headers['content-security-policy']);
  const scripts = policy.get('script-src') ?? policy.get('default-src');
  expect(scripts, `${where}: no script-src/default-src`).toBeDefined();
  expect(scripts, `${where}: inline scripts allowed`).not.toContain("'unsafe-inline'");
  expect(scripts, `${where}: eval allowed`).not.toContain("'unsafe-eval'");
  expect(scripts, `${where}: any source allowed`).not.toContain('*');
  const ancestors = policy.get('frame-ancestors');
  expect(ancestors, `${where}: frame-ancestors missing`).toBeDefined();
  expect(
    ancestors!.every((a) => a === "'none'" || a === "'self'"),
    where,
  ).toBe(true);
  expect(res.headers['x-content-type-options'], where).toBe('nosniff');
  expect(res.headers['referrer-policy'], where).toMatch(
    /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
  );
}

describe('secrets and security headers', () => {
  it('keeps AI_API_KEY and AUTH_SECRET out of every built file', () => {
    const built = files(path.join(root, 'dist/web'));
    expect(built.length).toBeGreaterThan(3);
    // The secrets of this run and of the environment the build ran in.
    const envSecrets = [process.env.AI_API_KEY, process.env.AUTH_SECRET].filter(
      (s): s is string => !!s && s.length >= 8,
    );
    for (const f of built) {
      const text = readFileSync(f).toString('latin1');
      for (const s of [...SECRETS, ...envSecrets]) {
        expect(text.includes(s), `${f} contains a secret`).toBe(false);
      }
    }
  });

  it('keeps the secrets out of every public, player and admin GET response', async () => {
    const doc = (await request(server.url, 'GET', '/api/openapi.json')).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const fill = (p: string) =>
      p
        .replace('{id}', sceneId)
        .replace('{slug}', 'about')
        .replace('{file}', 'missing.png')
        .replace(/\{[^}]+\}/g, 'x');
    const apiGets = Object.entries(doc.paths)
      .filter(([p, ops]) => 'get' in ops && p !== '/api/live')
      .map(([p]) => fill(p));
    expect(apiGets.length).toBeGreaterThan(15);
    const pages = [
      '/',
      '/landing',
      '/auth',
      '/game',
      `/game/scene/${sceneId}`,
      '/take-a-break',
      '/consultants',
      '/page/about',
      '/robots.txt',
      '/sitemap.xml',
      '/no-such-page',
      '/api/no-such-route',
      '/api/auth/get-session',
      '/api/openapi.json',
      '/metrics',
    ];
    const assets = files(path.join(root, 'dist/web')).map(
      (f) => `/${path.relative(path.join(root, 'dist/web'), f).split(path.sep).join('/')}`,
    );
    let checked = 0;
    for (const url of [...pages, ...apiGets, ...assets]) {
      for (const cookie of [undefined, guest.cookie, admin]) {
        const res = await request(server.url, 'GET', url, cookie ? { cookie } : {});
        expect(res.status, `${url} answered 500`).toBeLessThan(500);
        expectNoSecret(url, res);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('sends the security headers on pages, API answers, errors and assets', async () => {
    const urls = [
      '/',
      `/game/scene/${sceneId}`,
      '/admin',
      '/no-such-page',
      '/api/health',
      `/api/play/scenes/${sceneId}`,
      '/api/no-such-route',
      '/robots.txt',
    ];
    const index = readFileSync(path.join(root, 'dist/web/index.html'), 'utf8');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(index)?.[1];
    expect(script).toBeDefined();
    urls.push(script!);
    for (const url of urls) {
      const res = await request(server.url, 'GET', url, { cookie: guest.cookie });
      expectSecurityHeaders(url, res);
    }
    // The HTML shell allows only its own nonce'd scripts, and the app runs under that CSP.
    const page = await request(server.url, 'GET', '/');
    const nonce = /'nonce-([^']+)'/.exec(String(page.headers['content-security-policy']))?.[1];
    expect(nonce).toBeDefined();
    for (const tag of page.text.match(/<script\b[^>]*>/g) ?? []) {
      expect(tag.includes(`nonce="${nonce}"`) || /\bsrc="\//.test(tag), tag).toBe(true);
    }
  });

  it('serves uploads as their image type with nosniff', async () => {
    const png = await sharp({
      create: { width: 4, height: 4, channels: 3, background: '#123456' },
    })
      .png()
      .toBuffer();
    const boundary = `----sec${randomBytes(6).toString('hex')}`;
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="bucket"\r\n\r\nsponsors\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await fetch(`${server.url}/api/admin/uploads`, {
      method: 'POST',
      headers: {
        cookie: admin,
        origin: server.url,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body,
    });
    expect(res.status).toBe(201);
    const { url } = (await res.json()) as { url: string };
    const served = await request(server.url, 'GET', url);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['referrer-policy']).toBeDefined();
    // Nothing in an upload may run, even opened as a page (docs/security.md).
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    const missing = await request(server.url, 'GET', '/uploads/0000.png');
    expect(missing.status).toBe(404);
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
  });

  it("runs a scene's html_section only sandboxed: CSP sandbox without same-origin", async () => {
    const id = `sec-html-${randomBytes(3).toString('hex')}`;
    await ok(server.url, 'POST', '/api/admin/scenes', admin, {
      id,
      title: 'Html scene',
      htmlSection: '<p>hi</p><script>document.title = "ran"</script>',
    });
    const res = await request(server.url, 'GET', `/api/play/scenes/${id}/html`, {
      cookie: guest.cookie,
    });
    expect(res.status).toBe(200);
    const policy = csp(res.headers['content-security-policy']);
    expect(policy.get('sandbox')).toBeDefined();
    expect(policy.get('sandbox')).not.toContain('allow-same-origin');
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
