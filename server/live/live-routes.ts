import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { classErrorSchema } from '../../core/api/classes.ts';
import { addressKey } from '../plugins/address-key.ts';
import { sendBusy } from '../plugins/pressure.ts';
import { classFor, mayStillWatch, teacherOf } from '../services/classes/teach.ts';
import { liveBus } from './bus.ts';

/** Realtime heartbeat of product rules "Limits": a comment line every 30 s keeps proxies from closing the stream. */
const HEARTBEAT_MS = 30_000;
/**
 * How often a class stream watched by an admin (not the class's teacher) checks the role again:
 * a demotion made where this server cannot hear it (`npm run admin` on SQLite) closes it within
 * this; one heard (the session cache emptied) closes it at once.
 */
const ROLE_RECHECK_MS = 5_000;
/** Seconds a client refused a stream is told to wait. */
const RETRY_AFTER = 30;

/**
 * GET /live: Server-Sent Events. `event: news` when news items change, `event: content` when
 * scenes change (published with publish() from bus.ts), and a `: heartbeat` comment every 30 s.
 * Closing the app ends every open stream first, so a graceful shutdown never waits on them.
 * Streams are capped per client address, per account and in total (app.limits): past a cap the answer is 503
 * with Retry-After and the connection is closed, and the browser tries again later.
 */
export async function liveRoutes(
  app: FastifyInstance,
  options: { heartbeatMs?: number; roleRecheckMs?: number } = {},
): Promise<void> {
  const bus = await liveBus(app);
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const open = new Set<PassThrough>();
  const perClient = new Map<string, number>();
  /** Class streams watched by someone other than the teacher (an admin): checked again below. */
  const watchers = new Map<PassThrough, { userId: string; ownerId: string }>();
  const recheck = () => {
    if (watchers.size === 0) return;
    for (const [stream, w] of watchers) {
      mayStillWatch(app.db, w.userId, w.ownerId).then(
        (may) => {
          if (!may) {
            app.log.info({ userId: w.userId }, 'class stream closed: no longer an admin');
            stream.end();
          }
        },
        (err) => app.log.error({ err }, 'class stream: role check failed'),
      );
    }
  };
  // A role changed (here or on another server): the admins' class streams check again at once.
  const stopRecheck = app.sessionCache?.onClear(recheck);
  const recheckTimer = setInterval(recheck, options.roleRecheckMs ?? ROLE_RECHECK_MS);
  recheckTimer.unref();
  const perAccount = new Map<string, number>();
  const release = (counts: Map<string, number>, key: string) => {
    const left = (counts.get(key) ?? 1) - 1;
    if (left > 0) counts.set(key, left);
    else counts.delete(key);
  };
  app.addHook('preClose', async () => {
    stopRecheck?.();
    clearInterval(recheckTimer);
    for (const stream of open) stream.end();
    open.clear();
  });

  app.get(
    '/live',
    {
      schema: {
        summary: 'Server-Sent Events: `news` and `content` change notices, heartbeat every 30 s',
        description:
          "With ?class=ID (the class's teacher or an admin): also `event: class` when that class's page changed (docs/class-mode.md). 401 without a signed-in account, 404 for a class the caller may not see, 503 over the stream caps.",
        tags: ['play'],
        produces: ['text/event-stream'],
        querystring: z.object({ class: z.string().min(1).max(100).optional() }),
        response: { 401: classErrorSchema, 404: classErrorSchema, 503: classErrorSchema },
      },
    },
    (request, reply) => {
      const classId = (request.query as { class?: string }).class;
      if (classId === undefined) return openStream(request, reply);
      const user = teacherOf(request.user);
      return classFor(app.db, user, classId).then((row) =>
        openStream(
          request,
          reply,
          row.id,
          row.owner_id === user.id
            ? undefined
            : {
                userId: user.id,
                ownerId: row.owner_id,
              },
        ),
      );
    },
  );

  /** One event stream: news and content notices, and a class's notices when `classId` is given. */
  function openStream(
    request: FastifyRequest,
    reply: FastifyReply,
    classId?: string,
    watcher?: { userId: string; ownerId: string },
  ) {
    const { liveStreams, liveStreamsPerClient, liveStreamsPerAccount } = app.limits;
    // Every stream counts, a class's too: under its address (an IPv6 client by its /64) and,
    // when signed in, under its account, so one account cannot hold the server's streams from
    // a few addresses (docs/security.md "Connections and live streams per address").
    const ip = addressKey(request.ip);
    const account = request.user?.id;
    const mine = perClient.get(ip) ?? 0;
    const theirs = account ? (perAccount.get(account) ?? 0) : 0;
    const which =
      mine >= liveStreamsPerClient
        ? 'from your address'
        : theirs >= liveStreamsPerAccount
          ? 'for your account'
          : open.size >= liveStreams
            ? 'on this server'
            : undefined;
    if (which) {
      request.log.warn({ open: open.size, mine, theirs }, 'live stream refused: over the cap');
      reply.header('connection', 'close');
      return sendBusy(
        app,
        reply,
        RETRY_AFTER,
        `Too many live streams ${which}; try again in ${RETRY_AFTER} seconds`,
      );
    }
    perClient.set(ip, mine + 1);
    if (account) perAccount.set(account, theirs + 1);
    const stream = new PassThrough();
    open.add(stream);
    if (watcher) watchers.set(stream, watcher);
    const send = (channel: string) =>
      stream.write(`event: ${channel}\ndata: ${JSON.stringify({ at: Date.now() })}\n\n`);
    const stops = [bus.subscribe(send)];
    if (classId) stops.push(bus.onClass((id) => id === classId && send('class')));
    const unsubscribe = () => {
      for (const stop of stops) stop();
    };
    const heartbeat = setInterval(() => stream.write(': heartbeat\n\n'), heartbeatMs);
    heartbeat.unref();
    let counted = true;
    const done = () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(stream);
      watchers.delete(stream);
      if (counted) {
        counted = false;
        release(perClient, ip);
        if (account) release(perAccount, account);
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
  }
}
