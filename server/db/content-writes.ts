import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { LOG_AND_TOTALS_ONLY } from './log-only-sql.ts';
import { CACHED_TABLES, type ContentCache } from './repositories/content-cache.ts';

/** Raw SQL that never changes rows (transaction control and plain reads). */
const READ_ONLY_RAW =
  /^\s*(select|begin|start|commit|rollback|savepoint|release|pragma|show|set)\b/i;

/** Every table a query node names (TableNode anywhere in it: target, joins, subqueries). */
function tablesOf(node: unknown, out: Set<string>): Set<string> {
  if (!node || typeof node !== 'object') return out;
  if (Array.isArray(node)) {
    for (const n of node) tablesOf(n, out);
    return out;
  }
  const n = node as { kind?: string; table?: { identifier?: { name?: string } } };
  if (n.kind === 'TableNode' && n.table?.identifier?.name) out.add(n.table.identifier.name);
  for (const value of Object.values(node))
    if (value && typeof value === 'object') tablesOf(value, out);
  return out;
}

/**
 * Whether a statement may change a cached table: inserts, updates and deletes naming one; raw SQL
 * and schema changes unless plainly read-only or marked LOG_AND_TOTALS_ONLY (unknown is treated as a write: one needless cache
 * flush is cheap, a missed one would serve stale content).
 */
function writesContent(query: CompiledQuery): boolean {
  const kind = query.query.kind;
  if (kind === 'SelectQueryNode') return false;
  if (kind === 'RawNode')
    return !READ_ONLY_RAW.test(query.sql) && !query.sql.startsWith(LOG_AND_TOTALS_ONLY);
  if (kind === 'InsertQueryNode' || kind === 'UpdateQueryNode' || kind === 'DeleteQueryNode') {
    // A query compiled once (compile-once.ts) brings the same tree every time: walk it once.
    let writes = writesByTree.get(query.query);
    if (writes === undefined) {
      writes = [...tablesOf(query.query, new Set())].some((table) => CACHED_TABLES.has(table));
      writesByTree.set(query.query, writes);
    }
    return writes;
  }
  return true;
}

const writesByTree = new WeakMap<object, boolean>();

/** A connection that tells the cache about content writes before they run and once they commit. */
class WatchedConnection implements DatabaseConnection {
  inTransaction = false;
  /** This transaction wrote content (the cache is told once, at its end). */
  dirty = false;
  constructor(
    readonly inner: DatabaseConnection,
    private readonly cache: ContentCache,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (!writesContent(query)) return this.inner.executeQuery<R>(query);
    if (this.inTransaction) {
      if (!this.dirty) {
        this.dirty = true;
        this.cache.writeOpened();
      }
      return this.inner.executeQuery<R>(query);
    }
    // A statement on its own commits when it returns.
    this.cache.writeOpened();
    let ok = false;
    try {
      const result = await this.inner.executeQuery<R>(query);
      ok = true;
      return result;
    } finally {
      this.cache.writeClosed(ok);
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    if (writesContent(query))
      throw new Error('Streaming writes to content tables is not supported');
    return this.inner.streamQuery<R>(query, chunkSize);
  }

  /** The transaction ended: a content write in it is now committed or undone. */
  ended(committed: boolean): void {
    this.inTransaction = false;
    if (!this.dirty) return;
    this.dirty = false;
    this.cache.writeClosed(committed);
  }
}

/** The driver with every connection watched; transactions are tracked per connection. */
class WatchedDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly cache: ContentCache,
  ) {}
  init(): Promise<void> {
    return this.inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    return new WatchedConnection(await this.inner.acquireConnection(), this.cache);
  }
  async beginTransaction(c: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const w = c as WatchedConnection;
    await this.inner.beginTransaction(w.inner, settings);
    w.inTransaction = true;
  }
  async commitTransaction(c: DatabaseConnection): Promise<void> {
    const w = c as WatchedConnection;
    let ok = false;
    try {
      await this.inner.commitTransaction(w.inner);
      ok = true;
    } finally {
      w.ended(ok);
    }
  }
  async rollbackTransaction(c: DatabaseConnection): Promise<void> {
    const w = c as WatchedConnection;
    try {
      await this.inner.rollbackTransaction(w.inner);
    } finally {
      w.ended(false);
    }
  }
  releaseConnection(c: DatabaseConnection): Promise<void> {
    const w = c as WatchedConnection;
    // A connection given back mid-transaction (an error path) counts as rolled back.
    if (w.inTransaction) w.ended(false);
    return this.inner.releaseConnection(w.inner);
  }
  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** Savepoints work on the inner connection; the transaction's content state is kept as is. */
function withSavepoints(driver: WatchedDriver, inner: Driver): Driver {
  const d = driver as Driver;
  if (inner.savepoint) {
    d.savepoint = (c, name, compile) =>
      inner.savepoint!((c as WatchedConnection).inner, name, compile);
  }
  if (inner.rollbackToSavepoint) {
    d.rollbackToSavepoint = (c, name, compile) =>
      inner.rollbackToSavepoint!((c as WatchedConnection).inner, name, compile);
  }
  if (inner.releaseSavepoint) {
    d.releaseSavepoint = (c, name, compile) =>
      inner.releaseSavepoint!((c as WatchedConnection).inner, name, compile);
  }
  return d;
}

/**
 * `dialect` with its driver watched: every statement that may change a cached table moves the
 * cache's generation before it runs and again when it is committed (a statement on its own: when
 * it returns; in a transaction: at commit or rollback), whichever code path wrote it.
 */
export function watchContentWrites(dialect: Dialect, cache: ContentCache): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => {
      const inner = dialect.createDriver();
      return withSavepoints(new WatchedDriver(inner, cache), inner);
    },
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}
