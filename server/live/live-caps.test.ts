import type { AddressInfo } from 'node:net';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classKit } from '../../test/server/class-kit.ts';
import { testEngines } from '../../test/server/databases.ts';
import { signUp } from '../../test/server/sessions.ts';
import { buildTestApp } from '../../test/server/test-app.ts';
import type { Db } from '../db/database.ts';

/** A raw socket asking for a stream: resolves with the status code (or 'closed'/'reset'). */
function openStream(port: number, path: string, cookie: string, localAddress: string) {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress });
  const status = new Promise<string>((resolve) => {
    socket.once('connect', () =>
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nCookie: ${cookie}\r\n\r\n`,
      ),
    );
    socket.once('data', (d) => resolve(/^HTTP\/1\.1 (\d{3})/.exec(String(d))?.[1] ?? 'garbled'));
    socket.once('error', () => resolve('reset'));
    socket.once('close', () => resolve('closed'));
  });
  return { socket, status };
}

/**
 * Class live streams count under the per-address and per-account stream caps like every other
 * live stream, over real sockets (docs/security.md "Connections and live streams per address").
 */
describe.each(testEngines)('live stream caps on $name', (engine) => {
  let db: Db;
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    db = await engine.open();
    app = await buildTestApp(db);
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  const health = (localAddress: string) =>
    new Promise<string>((resolve) => {
      const c = net.connect({ port, host: '127.0.0.1', localAddress }, () =>
        c.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n'),
      );
      let text = '';
      c.on('data', (d) => (text += d));
      c.on('error', () => resolve('reset'));
      c.on('close', () => resolve(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 'closed'));
    });

  it('holds at most the per-address cap of 320 class streams from one address; /api/health answers', async () => {
    const kit = classKit(app);
    // 20 free accounts, each with a class, 16 class streams each, all from 127.0.5.1.
    const teachers = [];
    for (let i = 0; i < 20; i++) {
      const t = await signUp(app, { email: `t${i}@school.example` });
      teachers.push({ cookie: t.cookie, classId: (await kit.create(t.cookie)).id });
    }
    const streams = [];
    for (let i = 0; i < 320; i++) {
      const t = teachers[i % 20]!;
      streams.push(openStream(port, `/api/live?class=${t.classId}`, t.cookie, '127.0.5.1'));
      if (i % 50 === 49) await new Promise((r) => setTimeout(r, 20));
    }
    const statuses = await Promise.all(streams.map((s) => s.status));
    const held = statuses.filter((s) => s === '200').length;
    expect(held).toBe(app.limits.liveStreamsPerClient);
    expect(statuses.filter((s) => s === '503').length).toBe(320 - held);
    // Ordinary requests from that very address are still answered.
    for (let i = 0; i < 3; i++) expect(await health('127.0.5.1')).toBe('200');
    for (const s of streams) s.socket.destroy();
  }, 120_000);

  it('holds at most the per-account cap of one account’s class streams from 11 addresses', async () => {
    const kit = classKit(app);
    const t = await signUp(app, { email: 'many@school.example' });
    const { id } = await kit.create(t.cookie);
    const streams = Array.from({ length: 110 }, (_, i) =>
      openStream(port, `/api/live?class=${id}`, t.cookie, `127.0.6.${1 + (i % 11)}`),
    );
    const statuses = await Promise.all(streams.map((s) => s.status));
    expect(statuses.filter((s) => s === '200').length).toBe(app.limits.liveStreamsPerAccount);
    expect(await health('127.0.6.1')).toBe('200');
    for (const s of streams) s.socket.destroy();
    // Once closed, the account may open a stream again.
    await new Promise((r) => setTimeout(r, 200));
    const again = openStream(port, `/api/live?class=${id}`, t.cookie, '127.0.6.1');
    expect(await again.status).toBe('200');
    again.socket.destroy();
  }, 60_000);
});
