import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
});

/** The server's validated configuration. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  adminEmails: string[];
  authSecret: string;
  /**
   * The AI provider. `timeoutMs` is the one time budget of a draft (AI_TIMEOUT_SECONDS): the
   * server waits that long for the whole answer, with no hidden retries, and the browser waits as
   * long as the server streams.
   */
  ai: { baseUrl: string | undefined; apiKey: string | undefined; model: string; timeoutMs: number };
  logLevel: string;
  /** Bearer token that enables GET /metrics (absent: /metrics answers 404). */
  metricsToken?: string | undefined;
}

/** Reads and validates the environment (DESIGN.md 'Interfaces'); throws ConfigError with one clear line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid ${issue.path.join('.')}: ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    adminEmails: (e.ADMIN_EMAILS ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    authSecret: e.AUTH_SECRET ?? readOrCreateSecret(dataDir),
    ai: {
      baseUrl: e.AI_BASE_URL,
      apiKey: e.AI_API_KEY,
      model: e.AI_MODEL,
      timeoutMs: e.AI_TIMEOUT_SECONDS * 1000,
    },
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
  };
}

/** Keeps a generated secret in DATA_DIR so sessions survive restarts when AUTH_SECRET is not set. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  try {
    mkdirSync(dataDir, { recursive: true });
    if (existsSync(file)) return readFileSync(file, 'utf8').trim();
    const secret = randomBytes(32).toString('base64url');
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (err) {
    // A concurrent start may have written it between the check and the write.
    if (existsSync(file)) return readFileSync(file, 'utf8').trim();
    throw new ConfigError(`DATA_DIR ${dataDir} is not writable: ${(err as Error).message}`);
  }
}
