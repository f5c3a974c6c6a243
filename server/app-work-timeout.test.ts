import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../test/server/databases.ts';
import { adminSession, type TestSession } from '../test/server/sessions.ts';
import { buildTestApp } from '../test/server/test-app.ts';
import type { Db } from './db/database.ts';

/** One HTTP/1.1 request on a raw socket: the answer's status, or 'closed' when cut unanswered. */
function rawPost(port: number, path: string, cookie: string, origin: string, body: string) {
  return new Promise<{ status: string; socket: net.Socket }>((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' }, () =>
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${origin}\r\nCookie: ${cookie}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      ),
    );
    let text = '';
    socket.on('data', (d) => {
      text += d;
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
      if (status && text.includes('\r\n\r\n')) resolve({ status, socket });
    });
    socket.on('error', () => resolve({ status: 'reset', socket }));
    socket.on('close', () => resolve({ status: 'closed', socket }));
  });
}

/**
 * The idle time-out is for a silent client, not for a server at work: an admin request the
 * server works on longer than it (a 50,000-passage dry run against a 2-minute time-out; here a
 * 4,000-passage one against 50 ms) is answered, and an idle connection is still closed after.
 */
describe('a long admin request', () => {
  let db: Db;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let admin: TestSession;
  let port: number;
  beforeAll(async () => {
    db = await testEngines[0]!.open();
    app = await buildTestApp(db);
    admin = await adminSession(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
    app.server.setTimeout(50);
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('is answered however long the server works on it, and the idle time-out comes back', async () => {
    let twee = ':: StoryTitle\nLong\n\n';
    for (let i = 0; i < 4000; i++) twee += `:: P${i}\nText ${i} [[Go->P${(i + 1) % 4000}]]\n\n`;
    const started = Date.now();
    const { status, socket } = await rawPost(
      port,
      '/api/admin/import/dry-run',
      admin.cookie,
      app.config.publicUrl,
      JSON.stringify({ format: 'twee', text: twee }),
    );
    expect(Date.now() - started).toBeGreaterThan(50);
    expect(status).toBe('200');
    // The connection, idle again, is closed by the time-out.
    await new Promise<void>((resolve) =>
      socket.destroyed ? resolve() : socket.once('close', () => resolve()),
    );
  }, 60_000);
});
