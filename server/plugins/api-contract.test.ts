import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import openapiTS from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answered, undocumented } from '../../test/server/contract.ts';
import { testEngines } from '../../test/server/databases.ts';
import { buildTestApp } from '../../test/server/test-app.ts';
import { setRole } from '../auth/roles.ts';
import { readContent } from '../content/content-files.ts';
import type { Db } from '../db/database.ts';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * A client generated from the served document (openapi-typescript + openapi-fetch) signs up,
 * plays a choice and, promoted to admin, saves a scene. It is type-checked against the generated
 * types (the named shapes too: ChoiceAnswer, Scene), then run against the real server over a
 * socket. It sends no header but the session cookie the document names (no Origin: a program).
 */
const CLIENT = `import createClient from 'openapi-fetch';
import type { components, paths } from './api.ts';

type Answer = components['schemas']['ChoiceAnswer'];
type Scene = components['schemas']['Scene'];

export async function journey(baseUrl: string, email: string, promote: () => Promise<void>) {
  let cookie = '';
  const client = createClient<paths>({
    baseUrl,
    fetch: async (request: Request) => {
      if (cookie) request.headers.set('cookie', cookie);
      const res = await fetch(request);
      const set = res.headers.getSetCookie();
      if (set.length) cookie = set.map((c) => c.split(';')[0]).join('; ');
      return res;
    },
  });
  const up = await client.POST('/api/auth/sign-up/email', {
    body: { email, password: 'client-pass-1', name: 'Client' },
  });
  if (!up.data) throw new Error('sign-up failed: ' + up.response.status);
  const wrong = await client.POST('/api/auth/sign-in/email', {
    body: { email, password: 'not-the-password' },
  });
  const started = await client.POST('/api/play/game/start', {});
  const sceneId = started.data?.player.currentSceneId;
  if (!sceneId) throw new Error('no scene');
  const read = await client.GET('/api/play/scenes/{id}', { params: { path: { id: sceneId } } });
  const scene: Scene | undefined = read.data?.scene;
  const option = scene?.options.find((o) => !o.locked);
  if (!option) throw new Error('no option');
  const chose = await client.POST('/api/play/choices', {
    body: { optionId: option.id, idempotencyKey: 'client-choice-0001' },
  });
  const answer: Answer | undefined = chose.data;
  const notAdmin = await client.PUT('/api/admin/scenes/{id}', {
    params: { path: { id: sceneId } },
    body: { title: 'Saved by a client' },
  });
  await promote();
  const saved = await client.PUT('/api/admin/scenes/{id}', {
    params: { path: { id: sceneId } },
    body: { title: 'Saved by a client' },
  });
  const missing = await client.GET('/api/admin/scenes/{id}', {
    params: { path: { id: 'no-such-scene' } },
  });
  const out = await client.POST('/api/auth/sign-out', {});
  return {
    wrong: wrong.response.status,
    chose: chose.response.status,
    stats: answer ? Object.keys(answer) : [],
    kind: answer?.kind,
    notAdmin: notAdmin.response.status,
    saved: saved.response.status,
    title: saved.data?.scene.title,
    missing: missing.response.status,
    out: out.response.status,
  };
}
`;

describe.each(testEngines)('the API document on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let base: string;
  let dir: string;
  beforeAll(async () => {
    db = await engine.open();
    app = await buildTestApp(db, { content: await readContent() });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    // Inside the repository, so the client resolves openapi-fetch from node_modules.
    mkdirSync(path.join(root, 'node_modules/.cache'), { recursive: true });
    dir = mkdtempSync(path.join(root, 'node_modules/.cache/api-client-'));
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives every operation an operationId, its errors and its security', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const ids = new Set<string>();
    for (const [route, item] of Object.entries<Record<string, Record<string, unknown>>>(
      doc.paths,
    )) {
      for (const [method, op] of Object.entries(item)) {
        const id = op.operationId as string;
        expect(id, `${method} ${route}`).toMatch(/^[a-z][A-Za-z0-9]+$/);
        expect(ids.has(id), `duplicate ${id}`).toBe(false);
        ids.add(id);
        const responses = Object.keys(op.responses as object);
        expect(responses, `${method} ${route}`).toContain('400');
        if (route.startsWith('/api/admin/')) {
          expect(op.security, `${method} ${route}`).toEqual([{ session: [] }]);
          expect(responses, `${method} ${route}`).toEqual(expect.arrayContaining(['401', '403']));
        }
      }
    }
    for (const auth of ['sign-up/email', 'sign-in/email', 'sign-in/anonymous', 'sign-out']) {
      expect(doc.paths[`/api/auth/${auth}`]?.post, auth).toBeDefined();
    }
    expect(doc.paths['/api/auth/get-session']?.get).toBeDefined();
  });

  it('generates a client that signs in, plays a choice and saves a scene', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    writeFileSync(path.join(dir, 'api.ts'), await openapiTS(doc));
    writeFileSync(path.join(dir, 'client.ts'), CLIENT);
    // The generated types and the client's calls agree (a wrong path or body fails here).
    const tsc = spawnSync(
      process.execPath,
      [
        path.join(root, 'node_modules/typescript/bin/tsc'),
        '--ignoreConfig',
        '--noEmit',
        '--strict',
        '--module',
        'nodenext',
        '--target',
        'es2022',
        '--allowImportingTsExtensions',
        '--skipLibCheck',
        '--types',
        'node',
        path.join(dir, 'client.ts'),
      ],
      { cwd: root, encoding: 'utf8' },
    );
    expect(tsc.status, tsc.stdout + tsc.stderr).toBe(0);

    const { journey } = await import(path.join(dir, 'client.ts'));
    const email = `client-${engine.name}@example.com`;
    const result = await journey(base, email, async () => {
      await setRole(db.db, email, 'admin');
    });
    expect(result).toEqual({
      wrong: 401,
      chose: 200,
      stats: expect.arrayContaining(['player']),
      kind: 'applied',
      notAdmin: 403,
      saved: 200,
      title: 'Saved by a client',
      missing: 404,
      out: 200,
    });
    // Every status the journey met is in the document (the hook of test/server/contract.ts).
    expect([...answered].some((a) => a.startsWith('POST /api/play/choices 200'))).toBe(true);
    expect([...undocumented]).toEqual([]);
  });
});
