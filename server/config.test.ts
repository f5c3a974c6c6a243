import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'seo-adv-config-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

/** loadConfig's error for an environment, or undefined when it loads. */
function errorFor(env: NodeJS.ProcessEnv): ConfigError | undefined {
  try {
    loadConfig({ DATA_DIR: dataDir, ...env });
    return undefined;
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
}

describe('loadConfig', () => {
  it("refuses to start when PUBLIC_URL's port is not PORT and no proxy is configured", () => {
    expect(errorFor({ PORT: '8080' })).toBeUndefined();
    expect(errorFor({ PORT: '8080', PUBLIC_URL: 'http://localhost:3000' })?.message).toBe(
      'PUBLIC_URL http://localhost:3000 names port 3000 but the server listens on PORT 8080 and no proxy is configured, so every sign-in would be refused; set PORT=3000, or PUBLIC_URL to port 8080, or TRUST_PROXY when a proxy serves PUBLIC_URL',
    );
    expect(errorFor({ PORT: '3000', PUBLIC_URL: 'https://seo.example' })?.message).toMatch(
      /names port 443 but the server listens on PORT 3000/,
    );
    expect(errorFor({ PORT: '3000', PUBLIC_URL: 'https://seo.example', TRUST_PROXY: '1' })).toBe(
      undefined,
    );
    expect(errorFor({ PORT: '80', PUBLIC_URL: 'http://seo.example' })).toBeUndefined();
    // In a container (HOST 0.0.0.0) PUBLIC_URL follows PORT: http://localhost:PORT.
    expect(loadConfig({ DATA_DIR: dataDir, HOST: '0.0.0.0', PORT: '8080' }).publicUrl).toBe(
      'http://localhost:8080',
    );
  });

  it('uses the documented defaults when nothing is set', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: 'localhost',
      dataDir: path.resolve(dataDir),
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      adminEmails: [],
      ai: { baseUrl: undefined, apiKey: undefined, model: 'gpt-4o-mini', timeoutMs: 120_000 },
      logLevel: 'info',
    });
  });

  it('defaults DATA_DIR to ./data under the working directory', () => {
    const config = loadConfig({ AUTH_SECRET: 'x'.repeat(32) });
    expect(config.dataDir).toBe(path.resolve('data'));
  });

  it('reads every variable it is given', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgresql://app@db.example:5432/seo',
      PUBLIC_URL: 'https://seo.example/',
      ADMIN_EMAILS: ' Ann@Example.com, ,bob@example.com ',
      AUTH_SECRET: 's'.repeat(40),
      AI_BASE_URL: 'http://127.0.0.1:11434/v1',
      AI_API_KEY: 'key-1',
      AI_MODEL: 'llama3',
      AI_TIMEOUT_SECONDS: '30',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '10.0.0.1, 10.1.0.0/16',
      MAX_CONNECTIONS: '500',
      REQUEST_TIMEOUT: '30',
      CHOICE_LIMIT: '0',
    });
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.resolve(dataDir),
      sqliteFile: path.join(path.resolve(dataDir), 'seo-adventure.db'),
      databaseUrl: 'postgresql://app@db.example:5432/seo',
      publicUrl: 'https://seo.example',
      adminEmails: ['ann@example.com', 'bob@example.com'],
      authSecret: 's'.repeat(40),
      ai: {
        baseUrl: 'http://127.0.0.1:11434/v1',
        apiKey: 'key-1',
        model: 'llama3',
        timeoutMs: 30_000,
      },
      logLevel: 'warn',
      metricsToken: undefined,
      trustProxy: ['10.0.0.1', '10.1.0.0/16'],
      maxConnections: 500,
      requestTimeout: 30,
      choiceLimit: 0,
      logRetentionDays: 0,
    });
  });

  it('trusts no proxy by default, a hop count or a list of addresses when told', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'loopback,::1' }).trustProxy).toEqual([
      'loopback',
      '::1',
    ]);
    expect(errorFor({ TRUST_PROXY: 'true' })?.message).toMatch(
      /^Invalid TRUST_PROXY: TRUST_PROXY=true would let any client forge its address/,
    );
    expect(errorFor({ TRUST_PROXY: '10.0.0.1, proxy.example' })?.message).toBe(
      'Invalid TRUST_PROXY: TRUST_PROXY must be a number of proxies or a list of their addresses (not proxy.example)',
    );
    expect(errorFor({ TRUST_PROXY: '10.0.0.0/40' })?.message).toMatch(/^Invalid TRUST_PROXY/);
  });

  it('refuses limits that are not whole numbers', () => {
    expect(errorFor({ MAX_CONNECTIONS: '0' })?.message).toBe(
      'Invalid MAX_CONNECTIONS: MAX_CONNECTIONS must be a whole number of at least 1',
    );
    expect(errorFor({ REQUEST_TIMEOUT: '1.5' })?.message).toMatch(/^Invalid REQUEST_TIMEOUT/);
    expect(loadConfig({ DATA_DIR: dataDir, CHOICE_LIMIT: '0' }).choiceLimit).toBe(0);
  });

  it('treats empty values as unset', () => {
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '', AI_API_KEY: '  ' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.ai.apiKey).toBeUndefined();
  });

  it.each(['abc', '-1', '65536', '3000.5', '80x'])('refuses PORT=%s with one line', (port) => {
    const err = errorFor({ PORT: port });
    expect(err?.message).toMatch(/^Invalid PORT: /);
    expect(err?.message).not.toContain('\n');
  });

  it.each(['mysql://root@localhost/db', 'localhost:5432'])(
    'refuses DATABASE_URL=%s with one line',
    (url) => {
      const err = errorFor({ DATABASE_URL: url });
      expect(err?.message).toBe(
        'Invalid DATABASE_URL: DATABASE_URL must start with postgres:// or postgresql://',
      );
    },
  );

  it('refuses a bad PUBLIC_URL, AI_BASE_URL, LOG_LEVEL and a short AUTH_SECRET', () => {
    expect(errorFor({ PUBLIC_URL: 'not a url' })?.message).toMatch(/^Invalid PUBLIC_URL: /);
    expect(errorFor({ AI_BASE_URL: 'nope' })?.message).toMatch(/^Invalid AI_BASE_URL: /);
    expect(errorFor({ AI_TIMEOUT_SECONDS: 'soon' })?.message).toBe(
      'Invalid AI_TIMEOUT_SECONDS: AI_TIMEOUT_SECONDS must be a whole number of seconds from 5 to 600',
    );
    expect(errorFor({ LOG_LEVEL: 'loud' })?.message).toMatch(/^Invalid LOG_LEVEL: /);
    expect(errorFor({ AUTH_SECRET: 'short' })?.message).toMatch(/^Invalid AUTH_SECRET: /);
  });

  it('generates AUTH_SECRET once into DATA_DIR and reuses it', () => {
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, 'auth-secret');
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.authSecret);
    expect(statSync(file).mode & 0o077).toBe(0);

    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.authSecret).toBe(first.authSecret);

    const other = mkdtempSync(path.join(tmpdir(), 'seo-adv-config-'));
    try {
      expect(loadConfig({ DATA_DIR: other }).authSecret).not.toBe(first.authSecret);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('prefers AUTH_SECRET from the environment and writes no file then', () => {
    const config = loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: 'e'.repeat(32) });
    expect(config.authSecret).toBe('e'.repeat(32));
    expect(() => statSync(path.join(dataDir, 'auth-secret'))).toThrow();
  });

  it('names DATA_DIR in one line when it cannot be written', () => {
    const blocker = path.join(dataDir, 'a-file');
    writeFileSync(blocker, '');
    const err = errorFor({ DATA_DIR: path.join(blocker, 'data') });
    expect(err?.message).toMatch(/^DATA_DIR .*a-file.* is not writable: /);
  });
});
