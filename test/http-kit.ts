import { type ChildProcess, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { killGroup, spawnInGroup } from './process-group.ts';

/**
 * Helpers for the bench and the e2e ops tests (crash, load, XSS): a real server process on a
 * folder the caller owns (so it can be killed and restarted on the same data), players over real
 * sockets, and a tiny admin client.
 */

const root = path.resolve(import.meta.dirname, '..');

/** The environment of each server a test started, by base URL (for promoteListed). */
const serverEnvs = new Map<string, Record<string, string>>();

/** Remembers the environment a test server at `url` runs with. */
export function rememberServer(url: string, env: Record<string, string>): void {
  serverEnvs.set(url, env);
}

/**
 * Does what the person running the server does for the addresses they listed in the server's
 * ADMIN_EMAILS: `npm run admin -- promote EMAIL` against its database (an account is never an
 * admin by being listed alone). Does nothing for an address the server's ADMIN_EMAILS lacks.
 */
export function promoteListed(url: string, email: string): void {
  const env = serverEnvs.get(url);
  if (!env) throw new Error(`no test server at ${url}`);
  const listed = (env.ADMIN_EMAILS ?? '').split(',').map((e) => e.trim().toLowerCase());
  if (!listed.includes(email.toLowerCase())) return;
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'promote', email], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`npm run admin -- promote ${email}: ${r.stderr}`);
}

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** Resident set size of the server process in bytes (Linux /proc), or NaN. */
  rss(): number;
  /** Sends the signal and waits for the process to end; returns the exit code or signal. */
  stop(signal?: NodeJS.Signals): Promise<number | string | null>;
}

/**
 * Starts `node --import tsx server/main.ts` (one process, so its pid is the server's) on the port
 * and DATA_DIR given, or with `compiled` the built `node dist/server/main.js` as `npm start` and
 * the Docker image run it; resolves when GET /api/health answers 200.
 */
export async function spawnServer(options: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
  timeoutMs?: number;
  /** Run the server with this open-file limit (`ulimit -n`, through bash). */
  fdLimit?: number;
  /** Run dist/server/main.js (as `npm start` does) instead of server/main.ts through tsx. */
  compiled?: boolean;
  /** Extra node flags before the script (e.g. `--cpu-prof`; the bench passes BENCH_NODE_FLAGS). */
  nodeFlags?: string[];
}): Promise<ServerProcess> {
  const env = {
    ...(options.compiled ? startNodeEnv() : {}),
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? options.dataDir,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  const extra = options.nodeFlags ?? [];
  const args = options.compiled
    ? [...startNodeFlags(), ...extra, 'dist/server/main.js']
    : [...extra, '--import', 'tsx', 'server/main.ts'];
  // `exec` keeps one process: the pid is still the server's.
  const [command, argv] = options.fdLimit
    ? ['bash', ['-c', `ulimit -n ${options.fdLimit} && exec "$0" "$@"`, process.execPath, ...args]]
    : [process.execPath, args];
  // A group of its own: a test that fails or times out kills the whole group (test/process-group.ts).
  const child = spawnInGroup(command, argv, {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exit = new Promise<number | string | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  const url = `http://127.0.0.1:${options.port}`;
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    const timer = setTimeout(() => killGroup(child), 15_000);
    const code = await exit;
    clearTimeout(timer);
    // Whatever the server started goes with it.
    killGroup(child);
    return code;
  };
  const deadline = Date.now() + (options.timeoutMs ?? 150_000);
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode}\n${output}`);
    }
    const ok = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      await stop('SIGKILL');
      throw new Error(`server at ${url} not healthy in time\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  rememberServer(url, env);
  return {
    url,
    port: options.port,
    child,
    output: () => output,
    rss: () => rssOf(child.pid),
    stop,
  };
}

/** `npm start`'s command that runs the compiled server: `[NAME=value ...] exec node FLAGS dist/server/main.js`. */
function startCommand(): { env: Record<string, string>; flags: string[] } {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const m = /&& ((?:\w+=\S+ )*)exec node (.*?) ?dist\/server\/main\.js/.exec(pkg.scripts.start);
  if (!m) throw new Error('package.json start does not run dist/server/main.js');
  const env = Object.fromEntries(
    (m[1] ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((a) => [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]),
  );
  return { env, flags: (m[2] ?? '').split(/\s+/).filter(Boolean) };
}

/**
 * The node flags `npm start` runs the compiled server with (package.json scripts.start), so the
 * bench and the ops tests measure the server as it runs in production (the Dockerfile's CMD has
 * the same flags; server/main.test.ts checks).
 */
export function startNodeFlags(): string[] {
  return startCommand().flags;
}

/** The environment `npm start` sets for the compiled server (glibc malloc settings; the Dockerfile's ENV has the same). */
export function startNodeEnv(): Record<string, string> {
  return startCommand().env;
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc), or NaN. */
export function cpuTimeOf(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  try {
    // Fields after the command name: utime and stime are the 12th and 13th, in clock ticks (100/s).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** VmRSS of a process in bytes. */
function rssOf(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json(): unknown;
}

const agents = new Map<string, http.Agent>();
/** A keep-alive agent per local address (127.0.0.x), so each group of players is its own client. */
function agentFor(localAddress: string | undefined): http.Agent {
  const key = localAddress ?? '';
  let agent = agents.get(key);
  if (!agent) {
    agent = new http.Agent({
      keepAlive: true,
      maxSockets: 2048,
      ...(localAddress ? { localAddress } : {}),
    });
    agents.set(key, agent);
  }
  return agent;
}

/** Closes the keep-alive sockets of every agent this module made. */
export function closeAgents(): void {
  for (const a of agents.values()) a.destroy();
  agents.clear();
}

/** One HTTP request over a real socket (optionally from a given loopback address). */
export function request(
  baseUrl: string,
  method: string,
  url: string,
  options: {
    cookie?: string;
    body?: unknown;
    localAddress?: string;
    headers?: Record<string, string>;
    timeoutMs?: number;
  } = {},
): Promise<HttpAnswer> {
  const target = new URL(url, baseUrl);
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      target,
      {
        method,
        agent: agentFor(options.localAddress),
        headers: {
          origin: new URL(baseUrl).origin,
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(payload === undefined
            ? {}
            : {
                'content-type': 'application/json',
                'content-length': String(Buffer.byteLength(payload)),
              }),
          ...options.headers,
        },
        timeout: options.timeoutMs ?? 60_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text,
            json: () => JSON.parse(text),
          });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timeout: ${method} ${url}`)));
    req.on('error', reject);
    req.end(payload);
  });
}

function cookieFrom(setCookie: string[] | undefined): string {
  return (setCookie ?? []).map((c) => c.split(';')[0]).join('; ');
}

export interface HttpPlayer {
  cookie: string;
  userId: string;
  localAddress: string;
}

let addressCounter = 0;
/**
 * Sign-ins are limited per client address (server/auth/auth-limits.ts); each guest signs in from
 * its own loopback address (127.x.y.z all reach a server on 127.0.0.1) and keeps using it.
 */
function nextLoopbackAddress(): string {
  const a = addressCounter++ + (process.pid % 1000) * 10_000;
  const last = 1 + (a % 250);
  const mid = 1 + (Math.floor(a / 250) % 250);
  const hi = 1 + (Math.floor(a / 62_500) % 250);
  return `127.${hi}.${mid}.${last}`;
}

/** A guest session made through POST /api/auth/sign-in/anonymous. */
export async function signInGuest(baseUrl: string): Promise<HttpPlayer> {
  const localAddress = nextLoopbackAddress();
  const res = await request(baseUrl, 'POST', '/api/auth/sign-in/anonymous', { localAddress });
  if (res.status !== 200) throw new Error(`guest sign-in: ${res.status} ${res.text}`);
  const body = res.json() as { user: { id: string } };
  return {
    cookie: cookieFrom(res.headers['set-cookie']),
    userId: body.user.id,
    localAddress,
  };
}

/** `n` guests, `concurrency` sign-ins at a time. */
export async function signInGuests(
  baseUrl: string,
  n: number,
  concurrency = 16,
): Promise<HttpPlayer[]> {
  const players: HttpPlayer[] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, n) }, async () => {
      while (next < n) {
        const i = next++;
        players[i] = await signInGuest(baseUrl);
      }
    }),
  );
  return players;
}

/**
 * Registers (or signs in) an account; one named in the server's ADMIN_EMAILS is promoted as its
 * operator would (promoteListed). Returns its cookie.
 */
export async function adminCookie(
  baseUrl: string,
  email: string,
  password = 'admin-pass-123',
): Promise<string> {
  const up = await request(baseUrl, 'POST', '/api/auth/sign-up/email', {
    body: { email, password, name: 'Ops Admin' },
    localAddress: nextLoopbackAddress(),
  });
  if (up.status === 200) {
    promoteListed(baseUrl, email);
    return cookieFrom(up.headers['set-cookie']);
  }
  const inRes = await request(baseUrl, 'POST', '/api/auth/sign-in/email', {
    body: { email, password },
    localAddress: nextLoopbackAddress(),
  });
  if (inRes.status !== 200) throw new Error(`admin sign-in: ${inRes.status} ${inRes.text}`);
  return cookieFrom(inRes.headers['set-cookie']);
}

/** Sends a JSON request and throws unless the status is 2xx. */
export async function ok(
  baseUrl: string,
  method: string,
  url: string,
  cookie: string,
  body?: unknown,
): Promise<unknown> {
  const res = await request(baseUrl, method, url, { cookie, body });
  if (res.status < 200 || res.status >= 300) {
    throw new Error(`${method} ${url}: ${res.status} ${res.text.slice(0, 500)}`);
  }
  return res.text ? res.json() : null;
}
