import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { type Kysely, PostgresAdapter } from 'kysely';
import type pg from 'pg';
import type { LiveEvent } from '../../core/api/play.ts';
import { currentSchema, notify } from '../db/pg-notify.ts';
import type { Database } from '../db/schema/database.ts';

/** What changed: 'news' (news_items) or 'content' (scenes and options). */
export type LiveChannel = LiveEvent;

/** Tells every open /api/live stream, on this server and (PostgreSQL) on every other one. */
export interface LiveBus {
  publish(channel: LiveChannel): Promise<void>;
  /** Calls `listener` for every published channel; returns the unsubscribe function. */
  subscribe(listener: (channel: LiveChannel) => void): () => void;
  /**
   * Tells the other servers (PostgreSQL NOTIFY) to empty a cache: 'cache' when content changed
   * (browsers get no notice; admin routes publish 'content' for those), 'sessions' when a session
   * ended or accounts changed. This server is not told (it empties its own). SQLite: a no-op.
   */
  publishFlush(what: FlushChannel): Promise<void>;
  /** Calls `listener` when another server asks to empty the session cache; returns the unsubscribe. */
  onSessionsFlush(listener: () => void): () => void;
  /** Tells every server that a class's page changed (docs/class-mode.md 'Live'). */
  publishClass(classId: string): Promise<void>;
  /** Calls `listener` with the class id of every class notice; returns the unsubscribe. */
  onClass(listener: (classId: string) => void): () => void;
  /** Calls `listener` when another server seated or unseated students; returns the unsubscribe. */
  onSeatsFlush(listener: () => void): () => void;
  /**
   * Calls `listener` on every notice heard (any channel, from any server) and whenever the LISTEN
   * connection is made or lost; returns the unsubscribe function.
   */
  onInvalidate(listener: () => void): () => void;
  /** True when every other server's notices reach this one (SQLite; PostgreSQL while listening). */
  coherent(): boolean;
  close(): Promise<void>;
}

const CHANNELS: readonly string[] = ['news', 'content'];
/** Server-to-server notices, never forwarded to browsers: which in-process cache to empty. */
type FlushChannel = 'cache' | 'sessions' | 'seats';
/** Prefix of a class notice's payload: `class:<id>`. */
const CLASS_PREFIX = 'class:';
const buses = new WeakMap<Kysely<Database>, LiveBus>();

/** The NOTIFY channel: one per schema, so test schemas (and tenants) never hear each other. */
async function notifyChannel(db: Kysely<Database>): Promise<string> {
  const schema = await currentSchema(db);
  return schema === 'public' ? 'seo_adventure_live' : `seo_adventure_live_${schema}`.slice(0, 63);
}

interface BusOptions {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  /** postgres:// URL for the dedicated LISTEN connection. */
  databaseUrl?: string;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/**
 * An in-process EventEmitter; on PostgreSQL with a URL, publish goes through NOTIFY and a dedicated
 * client LISTENs (reconnecting after errors), so every server behind the load balancer fans out.
 */
async function createBus(o: BusOptions): Promise<LiveBus> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  /** Adds a listener of one of the bus's events; returns the unsubscribe function. */
  // biome-ignore lint/suspicious/noExplicitAny: each event's listener takes its own arguments
  const listenTo = (event: string) => (listener: (...args: any[]) => void) => {
    emitter.on(event, listener);
    return () => {
      emitter.off(event, listener);
    };
  };
  const deliver = (payload: unknown) => {
    if (typeof payload !== 'string') return;
    if (payload.startsWith(CLASS_PREFIX)) {
      emitter.emit('class', payload.slice(CLASS_PREFIX.length));
      return;
    }
    if (payload === 'seats') emitter.emit('seats');
    if (CHANNELS.includes(payload) || payload === 'cache') emitter.emit('invalidate');
    if (payload === 'sessions') emitter.emit('sessions');
    if (CHANNELS.includes(payload)) emitter.emit('message', payload as LiveChannel);
  };
  let channel: string | null = null;
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  const setListening = (value: boolean) => {
    listening = value;
    emitter.emit('invalidate');
  };
  let retry: NodeJS.Timeout | undefined;

  const listen = async (): Promise<void> => {
    if (closed || !channel || !o.databaseUrl) return;
    const { default: pgModule } = await import('pg');
    const c = new pgModule.Client({ connectionString: o.databaseUrl });
    c.on('notification', (msg) => deliver(msg.payload));
    c.on('error', (err) => {
      o.log.warn({ err }, 'live bus: LISTEN connection lost; reconnecting');
      c.end().catch(() => {});
      if (client === c) {
        client = null;
        setListening(false);
      }
      if (!closed) retry = setTimeout(() => void listen(), 1000);
    });
    try {
      await c.connect();
      await c.query(`LISTEN "${channel}"`);
      if (closed) await c.end();
      else {
        client = c;
        setListening(true);
      }
    } catch (err) {
      o.log.warn({ err }, 'live bus: cannot LISTEN; retrying in 5 s');
      c.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void listen(), 5000);
    }
  };

  if (o.dialect === 'postgres' && o.databaseUrl) {
    channel = await notifyChannel(o.db);
    await listen();
  }

  /** Tells every server (this one directly when NOTIFY fails or there is no PostgreSQL). */
  const broadcast = async (payload: string): Promise<void> => {
    if (!channel) return deliver(payload);
    try {
      await notify(o.db, channel, payload);
    } catch (err) {
      o.log.error({ err, payload }, 'live bus: NOTIFY failed; telling this server only');
      deliver(payload);
    }
  };

  return {
    publish: (name) => broadcast(name),
    async publishFlush(what) {
      if (!channel) return;
      try {
        await notify(o.db, channel, what);
      } catch (err) {
        o.log.error({ err, what }, 'live bus: NOTIFY of a cache flush failed');
      }
    },
    publishClass: (classId) => broadcast(`${CLASS_PREFIX}${classId}`),
    onClass: listenTo('class'),
    onSeatsFlush: listenTo('seats'),
    onSessionsFlush: listenTo('sessions'),
    subscribe: listenTo('message'),
    onInvalidate: listenTo('invalidate'),
    coherent: () => !channel || listening,
    async close() {
      closed = true;
      listening = false;
      clearTimeout(retry);
      emitter.removeAllListeners();
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

/**
 * The app's live bus, created on first use and closed with the app. The live routes start it at
 * boot so a PostgreSQL server listens before anyone publishes.
 */
export async function liveBus(app: FastifyInstance): Promise<LiveBus> {
  const existing = buses.get(app.db);
  if (existing) return existing;
  const bus = await createBus({
    db: app.db,
    dialect: app.dialect,
    databaseUrl: app.config.databaseUrl,
    log: app.log,
  });
  // Two callers may race the first creation; keep the first, close the spare.
  const winner = buses.get(app.db);
  if (winner) {
    await bus.close();
    return winner;
  }
  buses.set(app.db, bus);
  try {
    app.addHook('onClose', async () => {
      buses.delete(app.db);
      await bus.close();
    });
  } catch (err) {
    // Only when first used after start-up (the live routes create it at boot): still usable.
    app.log.warn({ err }, 'live bus created after start-up; it closes with the process');
  }
  return bus;
}

/**
 * Call after an admin write: `publish(app, 'news')` when news_items change, `publish(app,
 * 'content')` when scenes or options change. Never throws (a failed notice is logged); awaiting
 * it is optional.
 */
export async function publish(app: FastifyInstance, channel: LiveChannel): Promise<void> {
  try {
    await (await liveBus(app)).publish(channel);
  } catch (err) {
    app.log.error({ err, channel }, 'live bus: publish failed');
  }
}

/**
 * From outside the servers (`npm run admin`): tells every server on this PostgreSQL database to
 * empty its session cache, so a changed role applies at once (class streams of a demoted admin
 * close). Nothing to do on SQLite: there the servers check again within ROLE_RECHECK_MS.
 */
export async function publishSessionsFlush(db: Kysely<Database>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await notify(db, await notifyChannel(db), 'sessions');
}
