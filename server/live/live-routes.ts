import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sendBusy } from '../plugins/pressure.ts';
import { liveBus } from './bus.ts';

/** Realtime heartbeat of product rules "Limits": a comment line every 30 s keeps proxies from closing the stream. */
export const HEARTBEAT_MS = 30_000;
/** Seconds a client refused a stream is told to wait. */
const RETRY_AFTER = 30;

/**
 * GET /live: Server-Sent Events. `event: news` when news items change, `event: content` when
 * scenes change (published with publish() from bus.ts), and a `: heartbeat` comment every 30 s.
 * Closing the app ends every open stream first, so a graceful shutdown never waits on them.
 * Streams are capped per client address and in total (app.limits): past a cap the answer is 503
 * with Retry-After and the connection is closed, and the browser tries again later.
 */
export async function liveRoutes(
  app: FastifyInstance,
  options: { heartbeatMs?: number } = {},
): Promise<void> {
  const bus = await liveBus(app);
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const open = new Set<PassThrough>();
  const perClient = new Map<string, number>();
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
      const { liveStreams, liveStreamsPerClient } = app.limits;
      const ip = request.ip;
      const mine = perClient.get(ip) ?? 0;
      if (open.size >= liveStreams || mine >= liveStreamsPerClient) {
        const which = mine >= liveStreamsPerClient ? 'from your address' : 'on this server';
        request.log.warn({ open: open.size, mine }, 'live stream refused: over the cap');
        reply.header('connection', 'close');
        return sendBusy(
          app,
          reply,
          RETRY_AFTER,
          `Too many live streams ${which}; try again in ${RETRY_AFTER} seconds`,
        );
      }
      perClient.set(ip, mine + 1);
      const stream = new PassThrough();
      open.add(stream);
      const unsubscribe = bus.subscribe((channel) => {
        stream.write(`event: ${channel}\ndata: ${JSON.stringify({ at: Date.now() })}\n\n`);
      });
      const heartbeat = setInterval(() => stream.write(': heartbeat\n\n'), heartbeatMs);
      heartbeat.unref();
      let counted = true;
      const done = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(stream);
        if (counted) {
          counted = false;
          const left = (perClient.get(ip) ?? 1) - 1;
          if (left > 0) perClient.set(ip, left);
          else perClient.delete(ip);
        }
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
