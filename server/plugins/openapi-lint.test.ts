import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAT_LABELS } from '../../core/game/stats.ts';
import { STAT_KEYS } from '../../core/game/stats.types.ts';
import { testEngines } from '../../test/server/databases.ts';
import { buildTestApp } from '../../test/server/test-app.ts';
import type { Db } from '../db/database.ts';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The served document passes the two linters integrators use, with the repository's own rule
 * sets (redocly.yaml: recommended; .spectral.yaml: spectral:oas), and 0 errors each (docs/api.md).
 */
describe('the served OpenAPI document', () => {
  let db: Db;
  let app: FastifyInstance;
  let dir: string;
  let file: string;
  let doc: {
    openapi: string;
    servers: { url: string }[];
    tags: { name: string; description: string }[];
    components: {
      schemas: Record<
        string,
        { properties?: Record<string, { description?: string }>; discriminator?: unknown }
      >;
    };
    paths: Record<string, Record<string, { tags?: string[]; security?: unknown[] }>>;
  };
  beforeAll(async () => {
    db = await testEngines[0]!.open();
    // A PUBLIC_URL as an operator sets it: the document names it as its server.
    app = await buildTestApp(db, { config: { publicUrl: 'https://seo-adventure.test' } });
    doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    dir = mkdtempSync(path.join(tmpdir(), 'seo-adv-openapi-'));
    file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Runs a linter from node_modules/.bin in the repository (its config files are there). */
  function lint(bin: string, args: string[]) {
    return spawnSync(path.join(root, 'node_modules/.bin', bin), args, {
      cwd: root,
      encoding: 'utf8',
      timeout: 120_000,
      killSignal: 'SIGKILL',
      env: {
        ...process.env,
        REDOCLY_TELEMETRY: 'off',
        REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
        NO_COLOR: '1',
      },
    });
  }

  it('passes @redocly/cli lint (recommended) with 0 errors and 0 warnings', () => {
    const run = lint('redocly', ['lint', file, '--config', 'redocly.yaml', '--format', 'stylish']);
    const out = run.stdout + run.stderr;
    expect(run.status, out).toBe(0);
    expect(out).toMatch(/Your API description is valid/);
    expect(out).not.toMatch(/You have \d+ warnings?/);
  }, 130_000);

  it("passes Spectral's oas rules with 0 errors and 0 warnings", () => {
    const run = lint('spectral', ['lint', file, '--ruleset', '.spectral.yaml', '--format', 'text']);
    const out = run.stdout + run.stderr;
    expect(run.status, out).toBe(0);
    expect(out).toMatch(/No results with a severity of 'error'/);
    expect(out).not.toMatch(/\bwarning\b/);
  }, 130_000);

  it('names its server, its tags, its main shapes and every stat', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([expect.objectContaining({ url: 'https://seo-adventure.test' })]);
    for (const name of [
      'Scene',
      'Option',
      'Player',
      'Stats',
      'Error',
      'ChoiceAnswer',
      'ChoiceRequest',
    ]) {
      expect(doc.components.schemas[name], name).toBeDefined();
    }
    // The Stats schema is the mapping between the API's keys and the names players see.
    const stats = doc.components.schemas.Stats!.properties!;
    for (const key of STAT_KEYS) {
      expect(stats[key]?.description, key).toContain(STAT_LABELS[key]);
      expect(stats[key]?.description, key).toMatch(/_change/);
    }
    // The choice answer says which shape it is.
    expect(doc.components.schemas.ChoiceAnswer).toMatchObject({
      discriminator: {
        propertyName: 'kind',
        mapping: {
          applied: '#/components/schemas/ChoiceApplied',
          external: '#/components/schemas/ChoiceExternal',
        },
      },
    });
    const declared = new Set(doc.tags.map((t) => t.name));
    for (const [route, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        expect(
          op.tags?.every((t) => declared.has(t)),
          `${method} ${route}`,
        ).toBe(true);
        expect(op.security, `${method} ${route}`).toBeDefined();
      }
    }
    expect(doc.paths['/api/auth/sign-up/email']?.post?.security).toEqual([]);
    expect(doc.paths['/api/play/choices']?.post?.security).toEqual([{ session: [] }]);
  });
});
