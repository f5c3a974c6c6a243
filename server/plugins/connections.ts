import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { addressKey } from './address-key.ts';
import { sendBusy } from './pressure.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The connection and live-stream caps in effect (worked out at start from config and fd limit). */
    limits: ConnectionLimits;
  }
}

/** Caps on what clients may hold open at once. */
export interface ConnectionLimits {
  /** Open connections served; past it requests get 503 (and the connection is closed). */
  connections: number;
  /** Past this many, new connections are closed at once without a read (the fd reserve). */
  hardConnections: number;
  /**
   * Connections one client address may hold; past it new ones are closed at once. Off (Infinity)
   * behind a trusted proxy, where every connection comes from the proxy.
   */
  connectionsPerAddress: number;
  /** Server-Sent Event streams open at once, all clients together. */
  liveStreams: number;
  /** Server-Sent Event streams per client address (a classroom shares one address). */
  liveStreamsPerClient: number;
  /** Server-Sent Event streams per signed-in account (guests too), class streams included. */
  liveStreamsPerAccount: number;
}

/** File descriptors kept free of client connections: database, log output, files being served. */
const FD_RESERVE = 128;
/** Connections between the soft cap (503) and the hard cap (dropped). */
const BUSY_BAND = 64;
/**
 * Live streams one address may hold: a full class (200 students, docs/class-mode.md) one tab each,
 * and their teacher's class pages, with room to spare. Class streams count like any other
 * (live-routes.ts); never more than half the address's connections, so the rest stay for the
 * requests that play the game.
 */
const LIVE_STREAMS_PER_CLIENT = 250;
/** Live streams one account may hold: a teacher's class pages and game tabs, a player's tabs. */
const LIVE_STREAMS_PER_ACCOUNT = 16;
/**
 * Connections one address may hold. A classroom of 200 behind one address needs at most ~600:
 * a live stream and two keep-alive connections per browser; a single client holding hundreds of
 * idle sockets meets it and leaves the rest for everyone else (it is also held to ¾ of the
 * whole cap, below).
 */
const CONNECTIONS_PER_ADDRESS = 800;
/** Seconds a refused client is told to wait. */
const BUSY_RETRY_AFTER = 10;

/** The soft limit on open files of this process (Linux /proc), or undefined elsewhere. */
function openFileLimit(): number | undefined {
  try {
    const m = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    if (!m || m[1] === 'unlimited') return undefined;
    return Number(m[1]);
  } catch {
    return undefined;
  }
}

/**
 * The caps for MAX_CONNECTIONS under an open-file limit: every connection is a file descriptor,
 * so the hard cap stays FD_RESERVE below the limit and the soft cap a band below that; a fifth of
 * the connections stay free of live streams for the requests that play the game.
 */
export function connectionLimits(
  maxConnections: number,
  fdLimit: number | undefined,
): ConnectionLimits {
  const byFiles =
    fdLimit === undefined ? Number.POSITIVE_INFINITY : fdLimit - FD_RESERVE - BUSY_BAND;
  const connections = Math.max(16, Math.min(maxConnections, byFiles));
  const liveStreams = Math.max(1, Math.floor(connections * 0.8));
  // A quarter of the connections always stay for other addresses.
  const connectionsPerAddress = Math.min(CONNECTIONS_PER_ADDRESS, Math.floor(connections * 0.75));
  return {
    connections,
    hardConnections: connections + BUSY_BAND,
    connectionsPerAddress,
    liveStreams,
    liveStreamsPerClient: Math.max(
      1,
      Math.min(LIVE_STREAMS_PER_CLIENT, liveStreams, Math.floor(connectionsPerAddress / 2)),
    ),
    liveStreamsPerAccount: Math.min(LIVE_STREAMS_PER_ACCOUNT, liveStreams),
  };
}

/**
 * Bounds what one client can hold: past connectionsPerAddress a new socket from that address is
 * closed unread (off behind a trusted proxy, which should cap per client itself); connections are counted, past the cap a request gets 503 with
 * Retry-After and its connection is closed, and past the hard cap Node closes new sockets at once,
 * so the process keeps file descriptors for its database and its own work. Errors the listening
 * socket reports later (EMFILE/ENFILE on accept) are logged, never fatal.
 */
export function registerConnectionLimits(app: FastifyInstance): void {
  const fdLimit = openFileLimit();
  const behindProxy = app.config.trustProxy !== false;
  const limits = {
    ...connectionLimits(app.config.maxConnections, fdLimit),
    ...(behindProxy ? { connectionsPerAddress: Number.POSITIVE_INFINITY } : {}),
  };
  app.decorate('limits', limits);
  const server = app.server;
  server.maxConnections = limits.hardConnections;
  let open = 0;
  const perAddress = new Map<string, number>();
  let warnedAt = 0;
  server.on('connection', (socket) => {
    const address = addressKey(socket.remoteAddress);
    const held = perAddress.get(address) ?? 0;
    if (held >= limits.connectionsPerAddress) {
      socket.destroy();
      if (Date.now() - warnedAt > 10_000) {
        warnedAt = Date.now();
        app.log.warn({ address, held }, 'connection closed: this address holds too many');
      }
      return;
    }
    perAddress.set(address, held + 1);
    open++;
    socket.once('close', () => {
      open--;
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left > 0) perAddress.set(address, left);
      else perAddress.delete(address);
    });
  });
  server.on('drop', () => {
    app.log.warn({ open, hardCap: limits.hardConnections }, 'connection dropped: over the cap');
  });
  server.on('error', (err: NodeJS.ErrnoException) => {
    // listen() reports its own failures (port in use) to the caller; the rest must not be fatal.
    if (err.syscall === 'listen') return;
    app.log.error({ err }, 'server socket error (kept running)');
  });
  app.addHook('onReady', async () => {
    if (fdLimit !== undefined && limits.connections < app.config.maxConnections) {
      app.log.warn(
        { fdLimit, connections: limits.connections },
        `the open-file limit (${fdLimit}) allows ${limits.connections} connections, fewer than MAX_CONNECTIONS; raise it (ulimit -n)`,
      );
    }
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (open <= limits.connections) return done();
    request.log.warn({ open }, 'too many connections: request refused with 503');
    reply.header('connection', 'close');
    sendBusy(
      app,
      reply,
      BUSY_RETRY_AFTER,
      `Too many connections; try again in ${BUSY_RETRY_AFTER} seconds`,
    );
  });
}
