import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { liveBus } from './bus.ts';

/** Realtime heartbeat of spec §9: a comment line every 30 s keeps proxies from closing the stream. */
const HEARTBEAT_MS = 30_000;

/**
 * GET /live: Server-Sent Events. `event: news` when news items change, `event: content` when
 * scenes change (published with publish() from bus.ts), and a `: heartbeat` comment every 30 s.
 * Closing the app ends every open stream first, so a graceful shutdown never waits on them.
 */
export async function liveRoutes(
  app: FastifyInstance,
  options: { heartbeatMs?: number } = {},
): Promise<void> {
  const bus = await liveBus(app);
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const open = new Set<PassThrough>();
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end();
    open.clear();
  });

  app.get(
    '/live',
    {
      schema: {
        summary: 'Server-Sent Events: `news` and `content` change notices, heartbeat every 30 s',
        tags: ['play'],
        produces: ['text/event-stream'],
      },
    },
    (request, reply) => {
      const stream = new PassThrough();
      open.add(stream);
      const unsubscribe = bus.subscribe((channel) => {
        stream.write(`event: ${channel}\ndata: ${JSON.stringify({ at: Date.now() })}\n\n`);
      });
      const heartbeat = setInterval(() => stream.write(': heartbeat\n\n'), heartbeatMs);
      heartbeat.unref();
      const done = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(stream);
        if (!stream.writableEnded) stream.end();
      };
      request.raw.once('close', done);
      stream.once('close', done);
      // Ask browsers to reconnect after 5 s when the stream drops (a restart, a deploy).
      stream.write('retry: 5000\n: connected\n\n');
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .send(stream);
    },
  );
}
