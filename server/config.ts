import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/** Raised for a configuration value that cannot work; printed as one line at start-up. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const optional = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const urlString = (name: string) =>
  optional.refine((v) => v === undefined || URL.canParse(v), `${name} must be a URL`);

const envSchema = z.object({
  PORT: z
    .string()
    .trim()
    .default('3000')
    .refine((v) => /^\d+$/.test(v) && Number(v) >= 0 && Number(v) <= 65535, {
      message: 'PORT must be a whole number from 0 to 65535',
    })
    .transform(Number),
  HOST: z.string().trim().min(1).default('localhost'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optional.refine(
    (v) => v === undefined || /^postgres(ql)?:\/\//.test(v),
    'DATABASE_URL must start with postgres:// or postgresql://',
  ),
  PUBLIC_URL: urlString('PUBLIC_URL'),
  ADMIN_EMAILS: optional,
  AUTH_SECRET: optional.refine(
    (v) => v === undefined || v.length >= 32,
    'AUTH_SECRET must be at least 32 characters',
  ),
  AI_BASE_URL: urlString('AI_BASE_URL'),
  AI_API_KEY: optional,
  AI_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
  AI_TIMEOUT_SECONDS: z.coerce
    .number({ message: 'AI_TIMEOUT_SECONDS must be a whole number of seconds from 5 to 600' })
    .int('AI_TIMEOUT_SECONDS must be a whole number of seconds from 5 to 600')
    .min(5, 'AI_TIMEOUT_SECONDS must be a whole number of seconds from 5 to 600')
    .max(600, 'AI_TIMEOUT_SECONDS must be a whole number of seconds from 5 to 600')
    .default(120),
  METRICS_TOKEN: optional,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: optional.transform((v, ctx) => {
    const parsed = parseTrustProxy(v);
    if (typeof parsed === 'string') {
      ctx.addIssue({ code: 'custom', message: parsed });
      return z.NEVER;
    }
    return parsed;
  }),
  MAX_CONNECTIONS: wholeNumber('MAX_CONNECTIONS', 10_000, 1),
  REQUEST_TIMEOUT: wholeNumber('REQUEST_TIMEOUT', 60, 1),
  CHOICE_LIMIT: wholeNumber('CHOICE_LIMIT', 120, 0),
  LOG_RETENTION_DAYS: wholeNumber('LOG_RETENTION_DAYS', 0, 0),
});

/** The SQLite database's file name inside DATA_DIR (server, admin command, backup and restore). */
export const SQLITE_FILE_NAME = 'seo-adventure.db';

/** A whole-number setting with a default and a smallest value. */
function wholeNumber(name: string, fallback: number, min: number) {
  return z
    .string()
    .trim()
    .default(String(fallback))
    .refine((v) => /^\d+$/.test(v) && Number(v) >= min && Number(v) <= 1_000_000_000, {
      message: `${name} must be a whole number of at least ${min}`,
    })
    .transform(Number);
}

/** Proxy-addr's names for address ranges, accepted in TRUST_PROXY's list. */
const RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** True for an IPv4/IPv6 address, optionally with a /prefix, or one of RANGE_NAMES. */
function isProxyAddress(entry: string): boolean {
  if (RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d+$/.test(prefix)) return isIP(prefix) === 4 && family === 4;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset trusts no proxy (the socket's address is the client); a number is how many
 * proxies stand in front (the client is the address that many hops back in X-Forwarded-For); a
 * comma-separated list names the proxies' addresses. Returns the value for Fastify's trustProxy,
 * or the reason it is refused. `true` is refused: it would take the client's own claim.
 */
function parseTrustProxy(value: string | undefined): false | number | string[] | string {
  if (value === undefined || value === '0' || value.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 10 ? hops : 'TRUST_PROXY must be at most 10 hops';
  }
  if (value.toLowerCase() === 'true' || value === '*') {
    return 'TRUST_PROXY=true would let any client forge its address; give the number of proxies or their addresses';
  }
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = list.find((entry) => !isProxyAddress(entry));
  if (bad !== undefined) {
    return `TRUST_PROXY must be a number of proxies or a list of their addresses (not ${bad})`;
  }
  return list;
}

/** The server's validated configuration. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** DATA_DIR/seo-adventure.db: the database file when DATABASE_URL is not set. */
  sqliteFile: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  adminEmails: string[];
  authSecret: string;
  /**
   * True when this start generated DATA_DIR/auth-secret (no AUTH_SECRET, no file yet): sessions
   * already in the database were signed with another secret (main.ts warns; server/auth/orphaned-sessions.ts).
   */
  authSecretCreated?: boolean;
  /**
   * The AI provider. `timeoutMs` is the one time budget of a draft (AI_TIMEOUT_SECONDS): the
   * server waits that long for the whole answer, with no hidden retries, and the browser waits as
   * long as the server streams.
   */
  ai: { baseUrl: string | undefined; apiKey: string | undefined; model: string; timeoutMs: number };
  logLevel: string;
  /** Bearer token that enables GET /metrics (absent: /metrics answers 404). */
  metricsToken?: string | undefined;
  /** Fastify's trustProxy: false (none), a hop count, or the proxies' addresses. */
  trustProxy: false | number | string[];
  /** Connections served at once (further capped by the open-file limit, see plugins/connections.ts). */
  maxConnections: number;
  /** Seconds a client has to send a whole request (headers and body). */
  requestTimeout: number;
  /** Choices one player may make per minute (0: no limit). */
  choiceLimit: number;
  /** Days of raw decisions kept in the log; older ones go, their analytics totals stay (0: keep all). */
  logRetentionDays: number;
}

/**
 * Without a proxy, browsers reach the server on PORT, so PUBLIC_URL (which sign-in and every write
 * check the Origin against) must name that port; otherwise every sign-in would get 403. Returns
 * the one-line reason to refuse, or undefined. A proxy (TRUST_PROXY) may serve another port.
 */
function portMismatch(publicUrl: string, port: number, trustProxy: unknown): string | undefined {
  if (trustProxy !== false) return undefined;
  const url = new URL(publicUrl);
  const said = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  if (said === port) return undefined;
  return `PUBLIC_URL ${publicUrl} names port ${said} but the server listens on PORT ${port} and no proxy is configured, so every sign-in would be refused; set PORT=${said}, or PUBLIC_URL to port ${port}, or TRUST_PROXY when a proxy serves PUBLIC_URL`;
}

/** Reads and validates the environment (docs/operations.md "Configuration"); throws ConfigError with one clear line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid ${issue.path.join('.')}: ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  // Listening on every address (a container), the browser's address is localhost.
  const shown = e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST;
  const publicUrl = (e.PUBLIC_URL ?? `http://${shown}:${e.PORT}`).replace(/\/$/, '');
  const mismatch = portMismatch(publicUrl, e.PORT, e.TRUST_PROXY);
  if (mismatch) throw new ConfigError(mismatch);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    sqliteFile: path.join(dataDir, SQLITE_FILE_NAME),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    adminEmails: (e.ADMIN_EMAILS ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    ...(e.AUTH_SECRET ? { authSecret: e.AUTH_SECRET } : readOrCreateSecret(dataDir)),
    ai: {
      baseUrl: e.AI_BASE_URL,
      apiKey: e.AI_API_KEY,
      model: e.AI_MODEL,
      timeoutMs: e.AI_TIMEOUT_SECONDS * 1000,
    },
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    trustProxy: e.TRUST_PROXY as false | number | string[],
    maxConnections: e.MAX_CONNECTIONS,
    requestTimeout: e.REQUEST_TIMEOUT,
    choiceLimit: e.CHOICE_LIMIT,
    logRetentionDays: e.LOG_RETENTION_DAYS,
  };
}

/**
 * Where the data lives (DATA_DIR, DATABASE_URL) validated as loadConfig does, without the rest:
 * for the backup and restore commands, which must not create a secret or need a port.
 */
export function loadStorageConfig(
  env: NodeJS.ProcessEnv = process.env,
): Pick<Config, 'dataDir' | 'sqliteFile' | 'databaseUrl'> {
  const parsed = envSchema.pick({ DATA_DIR: true, DATABASE_URL: true }).safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid ${issue.path.join('.')}: ${issue.message}`);
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  return {
    dataDir,
    sqliteFile: path.join(dataDir, SQLITE_FILE_NAME),
    databaseUrl: parsed.data.DATABASE_URL,
  };
}

/**
 * Keeps a generated secret in DATA_DIR so sessions survive restarts when AUTH_SECRET is not set.
 * At every start DATA_DIR is set to 0700 and the secret to 0600, also when an older version or a
 * copy left them readable by others.
 */
function readOrCreateSecret(dataDir: string): { authSecret: string; authSecretCreated?: true } {
  const file = path.join(dataDir, 'auth-secret');
  const read = () => ({ authSecret: readFileSync(file, 'utf8').trim() });
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    chmodSync(dataDir, 0o700);
    if (existsSync(file)) {
      chmodSync(file, 0o600);
      return read();
    }
    const secret = randomBytes(32).toString('base64url');
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return { authSecret: secret, authSecretCreated: true };
  } catch (err) {
    // A concurrent start may have written it between the check and the write.
    if (existsSync(file)) return read();
    throw new ConfigError(`DATA_DIR ${dataDir} is not writable: ${(err as Error).message}`);
  }
}
