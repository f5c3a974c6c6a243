import type { Kysely } from 'kysely';
import { PassThroughPlugin } from '../marker-plugin.ts';
import type { Database } from '../schema/database.ts';

/** Tables whose rows the content cache keeps: every write to one of them empties the cache. */
export const CACHED_TABLES: ReadonlySet<string> = new Set([
  'scenarios',
  'scenario_choices',
  'random_events',
  'advertisements',
  'settings',
  'news_items',
  'sponsors',
  'pages',
]);

/** Cached values are shared by every request: frozen so no caller can change another's copy. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * The in-process cache of what players read (scenes, options, events, ads, settings), for one
 * database. What it buys: a warm choice or scene read runs no content statement at all
 * (choice-transaction.test.ts counts them: one read and one write per choice). Correctness
 * rests on a generation counter (content-cache.test.ts breaks when it slips):
 *
 * - every write to a cached table bumps the generation (and empties the cache) before the
 *   statement runs and again once it is committed (content-writes.ts sees every statement, commit
 *   and rollback of the database driver, so no write path can forget it);
 * - a read result is stored only when the generation did not move while it was read and no
 *   transaction holding an uncommitted content write is open;
 * - other servers' writes arrive through the live bus (PostgreSQL LISTEN/NOTIFY) and bump it too;
 *   while that connection is down the cache stores nothing (`coherent` false).
 *
 * So a read racing a write never stores what the write replaced, and a reader never gets a value
 * older than the last write committed on this server before the read began.
 */
export class ContentCache {
  #generation = 0;
  #openWrites = 0;
  #entries = new Map<string, unknown>();
  #commitListeners = new Set<() => void>();
  /** False while writes on other servers might go unheard (PostgreSQL before/without LISTEN). */
  coherent: boolean;
  readonly maxEntries: number;
  /** Lookups answered from memory and from the database (for the bench and tests). */
  hits = 0;
  misses = 0;

  constructor(options: { coherent: boolean; maxEntries?: number }) {
    this.coherent = options.coherent;
    this.maxEntries = options.maxEntries ?? 5000;
  }

  /** The current generation; it only grows. */
  get generation(): number {
    return this.#generation;
  }

  /** Number of cached values. */
  get size(): number {
    return this.#entries.size;
  }

  /** Forgets everything and moves the generation, so reads in flight do not store their result. */
  bump(): void {
    this.#generation++;
    this.#entries.clear();
  }

  /** A transaction wrote a cached table and has not ended: nothing is stored until it does. */
  writeOpened(): void {
    this.#openWrites++;
    this.bump();
  }

  /** That transaction committed (`committed`) or rolled back; commits are told to listeners. */
  writeClosed(committed: boolean): void {
    this.#openWrites = Math.max(0, this.#openWrites - 1);
    this.bump();
    if (committed) this.committed();
  }

  /** A content write committed on this server (the live bus tells the other servers). */
  committed(): void {
    for (const listener of this.#commitListeners) listener();
  }

  /** Calls `listener` after each committed content write on this server; returns the unsubscribe. */
  onCommit(listener: () => void): () => void {
    this.#commitListeners.add(listener);
    return () => this.#commitListeners.delete(listener);
  }

  /**
   * The value under `key`, read with `load` on a miss. The result is stored only if the
   * generation is the one the read started at, no content write is uncommitted and the cache is
   * coherent with other servers. A hit is the value itself, not a promise (`pending`).
   */
  get<T>(key: string, load: () => Promise<T>): T | Promise<T> {
    const value = this.#entries.get(key) as T | undefined;
    if (value !== undefined || this.#entries.has(key)) {
      // Least recently used goes first: a hit moves to the end once the cache is half full. Below
      // that nothing is evicted soon, and the move (a Map delete and set, on every scene read and
      // several times a choice) is only work: a hit measured ~5 µs of a choice's CPU with it.
      if (this.#entries.size > this.maxEntries / 2) {
        this.#entries.delete(key);
        this.#entries.set(key, value);
      }
      this.hits++;
      return value as T;
    }
    return this.#load(key, load);
  }

  async #load<T>(key: string, load: () => Promise<T>): Promise<T> {
    this.misses++;
    const started = this.#generation;
    const value = await load();
    if (started === this.#generation && this.#openWrites === 0 && this.coherent) {
      if (this.#entries.size >= this.maxEntries) {
        const oldest = this.#entries.keys().next().value;
        if (oldest !== undefined) this.#entries.delete(oldest);
      }
      this.#entries.set(key, deepFreeze(value));
    }
    return value;
  }
}

/** Rides along in the Kysely instance (and its transactions) so repositories find their cache. */
export class ContentCachePlugin extends PassThroughPlugin {
  constructor(readonly cache: ContentCache) {
    super();
  }
}

/** The content cache of `db` (a database or one of its transactions), or null when it has none. */
export function contentCacheOf(db: Kysely<Database>): ContentCache | null {
  for (const plugin of db.getExecutor().plugins) {
    if (plugin instanceof ContentCachePlugin) return plugin.cache;
  }
  return null;
}

/** `load()` through the cache of `db` under `key`; straight to the database when it has none. */
export function cached<T>(
  db: Kysely<Database>,
  key: string,
  load: () => Promise<T>,
): T | Promise<T> {
  const cache = contentCacheOf(db);
  return cache ? cache.get(key, load) : load();
}

/**
 * Whether a cached read still has to be waited for. A hit answers at once: the hot paths (a
 * choice, docs/operations.md 'Capacity') then skip the `await`, which would make a promise of
 * its own (and on Node 20, with an AsyncLocalStorage in use, run the promise hooks) for nothing.
 */
export function pending<T>(value: T | Promise<T>): value is Promise<T> {
  return value instanceof Promise;
}
