import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type ServerProcess, spawnServer } from '../../test/http-kit.ts';
import { PROCESS_TEST_TIMEOUT } from '../../test/process-group.ts';
import { connectionLimits } from '../plugins/connections.ts';

/**
 * One client must not be able to take the server down: real server processes, real sockets.
 * Each test starts its own server (SQLite in a temp DATA_DIR): a few seconds alone, and the
 * time-out of a busy machine (test/process-group.ts).
 */

let server: ServerProcess | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function start(env: Record<string, string> = {}, fdLimit?: number) {
  dataDir = mkdtempSync(path.join(tmpdir(), 'seo-adv-limits-'));
  server = await spawnServer({
    port: await freePort(),
    dataDir,
    env,
    ...(fdLimit ? { fdLimit } : {}),
  });
  return server;
}

/** What became of a raw socket: the status line's code, 'reset' or 'closed' without an answer. */
interface Outcome {
  socket: net.Socket;
  result: Promise<string>;
  /** Resolves when the server closes the socket. */
  closed: Promise<void>;
}

/** Opens a socket from `localAddress` and writes `head` (and never more). */
function rawRequest(port: number, head: string, localAddress = '127.0.0.1'): Outcome {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress });
  let settle: (v: string) => void = () => {};
  const result = new Promise<string>((resolve) => {
    settle = resolve;
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.once('connect', () => socket.write(head));
  socket.once('data', (d) => settle(/^HTTP\/1\.1 (\d{3})/.exec(String(d))?.[1] ?? 'garbled'));
  socket.once('error', () => settle('reset'));
  socket.once('close', () => settle('closed'));
  return { socket, result, closed };
}

const health = (s: ServerProcess) =>
  fetch(`${s.url}/api/health`, { signal: AbortSignal.timeout(10_000) }).then((r) => r.status);

describe('connection limits', { timeout: PROCESS_TEST_TIMEOUT }, () => {
  it('work out caps below the open-file limit', () => {
    expect(connectionLimits(10_000, 1024)).toEqual({
      connections: 832,
      hardConnections: 896,
      connectionsPerAddress: 624,
      liveStreams: 665,
      liveStreamsPerClient: 250,
      liveStreamsPerAccount: 16,
    });
    // Live streams never take more than half of what one address may hold.
    expect(connectionLimits(100, undefined).liveStreamsPerClient).toBe(37);
    expect(connectionLimits(500, 65_536).connections).toBe(500);
    expect(connectionLimits(10_000, undefined).connections).toBe(10_000);
    // A classroom of 200 behind one address: 50 live streams + 2 keep-alive connections each.
    expect(connectionLimits(10_000, undefined).connectionsPerAddress).toBeGreaterThan(50 + 2 * 200);
    expect(connectionLimits(40, undefined).connectionsPerAddress).toBe(30);
  });

  it('keeps serving others while one address holds 900 idle sockets (ulimit -n 1024)', async () => {
    const s = await start({}, 1024);
    const idle = Array.from({ length: 900 }, () => {
      const c = net.connect({ port: s.port, host: '127.0.0.1', localAddress: '127.0.0.9' });
      c.on('error', () => {});
      return c;
    });
    await Promise.all(
      idle.map(
        (c) =>
          new Promise((r) => {
            c.once('connect', r);
            c.once('close', r);
          }),
      ),
    );
    await new Promise((r) => setTimeout(r, 300));
    // Another client (127.0.0.1) is served; the one address kept at most 624 sockets (¾ of 832).
    for (let i = 0; i < 5; i++) expect(await health(s)).toBe(200);
    expect(idle.filter((c) => !c.destroyed).length).toBeLessThanOrEqual(624);
    for (const c of idle) c.destroy();
    expect(s.output()).toMatch(/this address holds too many/);
  });

  it('survives 1,100 live streams with ulimit -n 1024: extra ones get 503, /api/health still answers', async () => {
    const s = await start({}, 1024);
    const head = `GET /api/live HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\nAccept: text/event-stream\r\n\r\n`;
    const outcomes: Outcome[] = [];
    // 22 loopback addresses × 50 streams: the per-address cap (250) alone would not stop them.
    for (let i = 0; i < 1100; i++) {
      outcomes.push(rawRequest(s.port, head, `127.0.${Math.floor(i / 50)}.${2 + (i % 50)}`));
      if (i % 100 === 99) await new Promise((r) => setTimeout(r, 20));
    }
    const results = await Promise.all(outcomes.map((o) => o.result));
    const count = (v: string) => results.filter((r) => r === v).length;
    const limits = connectionLimits(10_000, 1024);
    expect(count('200')).toBeGreaterThan(0);
    expect(count('200')).toBeLessThanOrEqual(limits.liveStreams);
    expect(count('503')).toBeGreaterThan(0);
    expect(count('200') + count('503') + count('reset') + count('closed')).toBe(1100);

    // With every accepted stream still open, the server answers, and it is alive afterwards.
    expect(await health(s)).toBe(200);
    for (const o of outcomes) o.socket.destroy();
    await new Promise((r) => setTimeout(r, 200));
    expect(await health(s)).toBe(200);
    expect(s.child.exitCode).toBeNull();
    expect(s.output()).not.toMatch(/EMFILE|uncaught/i);
  });

  it('closes 100 slowly sent request bodies when the request time-out passes', async () => {
    const s = await start({ REQUEST_TIMEOUT: '2' });
    const head = [
      'POST /api/consultants HTTP/1.1',
      `Host: 127.0.0.1:${s.port}`,
      `Origin: ${s.url}`,
      'Content-Type: application/json',
      'Content-Length: 100000',
      '',
      '{"name":"',
    ].join('\r\n');
    const outcomes = Array.from({ length: 100 }, (_, i) =>
      rawRequest(s.port, head, `127.0.1.${2 + (i % 50)}`),
    );
    // Every one is closed by the server (the test would time out otherwise), most with 408.
    await Promise.all(outcomes.map((o) => o.closed));
    const results = await Promise.all(outcomes.map((o) => o.result));
    expect(results.filter((r) => r === '408').length).toBeGreaterThan(90);
    expect(await health(s)).toBe(200);
  });

  it('answers 503 with Retry-After past MAX_CONNECTIONS, and serves again once they close', async () => {
    const s = await start({ MAX_CONNECTIONS: '40' });
    // From three addresses: the per-address cap (30 of 40) alone would not stop them.
    const idle = Array.from({ length: 45 }, (_, i) =>
      net.connect({ port: s.port, host: '127.0.0.1', localAddress: `127.0.2.${1 + (i % 3)}` }),
    );
    await Promise.all(idle.map((c) => new Promise((r) => c.once('connect', r))));
    // A new connection of its own, so the server has accepted the idle ones before it.
    const busy = await new Promise<string>((resolve) => {
      const c = net.connect({ port: s.port, host: '127.0.0.1' }, () =>
        c.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`),
      );
      let text = '';
      c.on('data', (d) => (text += d));
      c.on('close', () => resolve(text));
    });
    expect(busy).toMatch(/^HTTP\/1\.1 503 /);
    expect(busy).toMatch(/\r\nretry-after: 10\r\n/i);
    expect(busy).toMatch(/\r\nconnection: close\r\n/i);
    expect(busy).toContain('"message":"Too many connections; try again in 10 seconds"');
    for (const c of idle) c.destroy();
    await new Promise((r) => setTimeout(r, 200));
    expect(await health(s)).toBe(200);
  });
});
