import {
  createContext,
  createElement,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { isRetryable } from './api.ts';

/**
 * The player screens' server-state cache: the part of TanStack Query they use, under the same
 * names (queryOptions, useQuery, useMutation, a client with getQueryData, setQueryData,
 * invalidateQueries, cancelQueries, fetchQuery), so going back is an import swap. The admin area
 * keeps TanStack Query itself in its own lazy chunk (web/app/admin-root.tsx); this saves the
 * player's first download ~10 KB gzip (README "Deliberate decisions").
 *
 * Semantics kept: data is fresh for `staleTime` (client default 30 s); a screen that mounts on
 * stale or missing data fetches it once (concurrent asks share one request); invalidating marks
 * data stale and refetches what a mounted screen shows; failures worth retrying are retried with
 * 1 s, 2 s, 4 s… waits; a refetch that returns equal data keeps the old object. Not kept: garbage
 * collection (a game's scenes are a few KB), window-focus and reconnect refetches.
 */

declare const dataTag: unique symbol;
export type QueryKey = readonly unknown[];
/** A key that knows the type of its data (what queryOptions returns), for typed reads. */
export type DataKey<T> = QueryKey & { [dataTag]?: T };
/** Whether to try again after `failures` failed tries (0 after the first) ended in `error`. */
export type Retry = (failures: number, error: unknown) => boolean;

export interface QueryOptions<T> {
  queryKey: DataKey<T>;
  queryFn: (context: { signal: AbortSignal }) => Promise<T>;
  staleTime?: number;
  retry?: Retry | false;
  /** While a screen shows it, the data is fetched again this often (ms). */
  refetchInterval?: number;
}

export interface QueryState<T = unknown> {
  data: T | undefined;
  /** The last fetch's failure, cleared by data arriving or by a new fetch of missing data. */
  error: Error | null;
  dataUpdatedAt: number;
  /** How many times data or a failure arrived (TanStack's dataUpdateCount + errorUpdateCount). */
  updates: number;
  isInvalidated: boolean;
  fetchStatus: 'fetching' | 'idle';
}

interface Entry {
  key: QueryKey;
  state: QueryState;
  listeners: Set<() => void>;
  /** Mounted, enabled screens showing it, with the options they read it with. */
  observers: Set<QueryOptions<unknown>>;
  inFlight?: { promise: Promise<unknown>; abort: AbortController };
}

/** The identity function TanStack has: it types the key with the data (getQueryData is typed). */
export function queryOptions<T>(options: QueryOptions<T>): QueryOptions<T> {
  return options;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls `fn` until it succeeds or `retry` says stop (1 s, 2 s, 4 s… up to 30 s between tries). */
export async function withRetry<T>(
  fn: () => Promise<T>,
  retry: Retry | false,
  signal?: AbortSignal,
): Promise<T> {
  for (let failures = 0; ; failures++) {
    try {
      return await fn();
    } catch (err) {
      if (!retry || signal?.aborted || !retry(failures, err)) throw err;
      await sleep(Math.min(1000 * 2 ** failures, 30_000));
    }
  }
}

/** A key's state before any data: idle, nothing fetched. */
function emptyState(): QueryState {
  return {
    data: undefined,
    error: null,
    dataUpdatedAt: 0,
    updates: 0,
    isInvalidated: false,
    fetchStatus: 'idle',
  };
}

export class QueryClient {
  private readonly entries = new Map<string, Entry>();
  readonly staleTime: number;
  readonly retry: Retry | false;

  /** Defaults: fresh for 30 s; network failures and 502/503/504 retried twice. */
  constructor(defaults: { staleTime?: number; retry?: Retry | false } = {}) {
    this.staleTime = defaults.staleTime ?? 30_000;
    this.retry = defaults.retry ?? ((failures, err) => failures < 2 && isRetryable(err));
  }

  /** The cache entry of a key, made empty on first use. */
  entry(key: QueryKey): Entry {
    const hash = JSON.stringify(key);
    let entry = this.entries.get(hash);
    if (!entry) {
      entry = {
        key,
        state: emptyState(),
        listeners: new Set(),
        observers: new Set(),
      };
      this.entries.set(hash, entry);
    }
    return entry;
  }

  private update(entry: Entry, patch: Partial<QueryState>): void {
    entry.state = { ...entry.state, ...patch };
    for (const listener of entry.listeners) listener();
  }

  /** Aborts the entry's fetch under way, whose answer is then dropped. */
  private stop(entry: Entry): void {
    entry.inFlight?.abort.abort();
    entry.inFlight = undefined;
  }

  /** Entries whose key starts with `prefix` (all of them without one). */
  private matching(prefix: QueryKey = []): Entry[] {
    return [...this.entries.values()].filter(
      (e) => e.key.length >= prefix.length && prefix.every((p, i) => sameValue(p, e.key[i])),
    );
  }

  getQueryData<T>(key: DataKey<T>): T | undefined {
    return this.entries.get(JSON.stringify(key))?.state.data as T | undefined;
  }

  getQueryState<T>(key: DataKey<T>): QueryState<T> | undefined {
    return this.entries.get(JSON.stringify(key))?.state as QueryState<T> | undefined;
  }

  /** Puts data into the cache, fresh from now; a fetch under way keeps running. */
  setQueryData<T>(key: DataKey<T>, data: T): void {
    const entry = this.entry(key);
    const kept = sameValue(entry.state.data, data) ? entry.state.data : data;
    this.update(entry, {
      data: kept,
      error: null,
      dataUpdatedAt: Date.now(),
      updates: entry.state.updates + 1,
      isInvalidated: false,
    });
  }

  isStale(entry: Entry, staleTime = this.staleTime): boolean {
    const { data, isInvalidated, dataUpdatedAt } = entry.state;
    return data === undefined || isInvalidated || Date.now() - dataUpdatedAt > staleTime;
  }

  /** Fetches a key's data, or joins the fetch already under way; failures reject. */
  fetch<T>(options: QueryOptions<T>): Promise<T> {
    const entry = this.entry(options.queryKey);
    if (entry.inFlight) return entry.inFlight.promise as Promise<T>;
    const abort = new AbortController();
    const retry = options.retry ?? this.retry;
    const run = withRetry(() => options.queryFn({ signal: abort.signal }), retry, abort.signal);
    const promise: Promise<T> = run.then(
      (data) => {
        if (entry.inFlight?.promise !== promise) return data;
        entry.inFlight = undefined;
        this.setQueryData(options.queryKey, data);
        this.update(entry, { fetchStatus: 'idle' });
        return data;
      },
      (err: unknown) => {
        if (entry.inFlight?.promise === promise) {
          entry.inFlight = undefined;
          const error = err instanceof Error ? err : new Error(String(err));
          this.update(entry, { error, updates: entry.state.updates + 1, fetchStatus: 'idle' });
        }
        throw err;
      },
    );
    entry.inFlight = { promise, abort };
    // Missing data being fetched again is pending again, not failed.
    const cleared = entry.state.data === undefined ? { error: null } : {};
    this.update(entry, { ...cleared, fetchStatus: 'fetching' });
    return promise;
  }

  /** The cached data when fresh, else fetched. */
  fetchQuery<T>(options: QueryOptions<T>): Promise<T> {
    const entry = this.entry(options.queryKey);
    if (!this.isStale(entry, options.staleTime)) return Promise.resolve(entry.state.data as T);
    return this.fetch(options);
  }

  /**
   * Marks the data under `queryKey` (everything without one) stale; what a mounted screen shows
   * is fetched again now, unless `refetchType: 'none'` (it then refetches when next shown).
   */
  async invalidateQueries(
    filter: { queryKey?: QueryKey; refetchType?: 'active' | 'none' } = {},
  ): Promise<void> {
    const refetches: Promise<unknown>[] = [];
    for (const entry of this.matching(filter.queryKey)) {
      this.update(entry, { isInvalidated: true });
      const [options] = entry.observers;
      if (filter.refetchType === 'none' || !options) continue;
      this.stop(entry);
      refetches.push(this.fetch(options).catch(() => undefined));
    }
    await Promise.all(refetches);
  }

  /** Stops the fetches under `queryKey`: their answers are dropped (the data stays as it is). */
  async cancelQueries(filter: { queryKey?: QueryKey } = {}): Promise<void> {
    for (const entry of this.matching(filter.queryKey)) {
      if (!entry.inFlight) continue;
      this.stop(entry);
      this.update(entry, { fetchStatus: 'idle' });
    }
  }

  /** Forgets the data under `queryKey` (everything without one); mounted screens show none. */
  removeQueries(filter: { queryKey?: QueryKey } = {}): void {
    for (const entry of this.matching(filter.queryKey)) {
      this.stop(entry);
      this.update(entry, emptyState());
    }
  }

  clear(): void {
    this.removeQueries();
  }
}

const ClientContext = createContext<QueryClient | null>(null);

export function QueryClientProvider({
  client,
  children,
}: {
  client: QueryClient;
  children: ReactNode;
}) {
  return createElement(ClientContext.Provider, { value: client }, children);
}

export function useQueryClient(): QueryClient {
  const client = useContext(ClientContext);
  if (!client) throw new Error('useQueryClient needs a QueryClientProvider above it');
  return client;
}

export interface QueryResult<T> {
  data: T | undefined;
  error: Error | null;
  /** No data yet and no failure. */
  isPending: boolean;
  isError: boolean;
  isSuccess: boolean;
  /** Data or a failure has arrived (seeded data counts). */
  isFetched: boolean;
  /** Data or a failure has arrived since this screen began showing the key. */
  isFetchedAfterMount: boolean;
  isStale: boolean;
}

/**
 * A screen's view of one key: re-renders when it changes; when mounted and enabled, fetches it
 * if stale or missing (and every `refetchInterval` ms while the tab is visible). Disabled, it
 * only reads the cache.
 */
export function useQuery<T>(options: QueryOptions<T> & { enabled?: boolean }): QueryResult<T> {
  const client = useQueryClient();
  const entry = client.entry(options.queryKey);
  const subscribe = useCallback(
    (listener: () => void) => {
      entry.listeners.add(listener);
      return () => entry.listeners.delete(listener);
    },
    [entry],
  );
  const read = () => entry.state as QueryState<T>;
  const { data, error, updates } = useSyncExternalStore(subscribe, read, read);
  // biome-ignore lint/correctness/useExhaustiveDependencies: counted anew for each key's entry
  const updatesAtMount = useMemo(() => updates, [entry]);
  const latest = useRef(options);
  latest.current = options;
  const enabled = options.enabled !== false;
  const interval = options.refetchInterval;
  useEffect(() => {
    if (!enabled) return;
    const observer: QueryOptions<unknown> = {
      ...latest.current,
      queryFn: (context) => latest.current.queryFn(context),
    };
    entry.observers.add(observer);
    const refetch = () => void client.fetch(observer).catch(() => undefined);
    if (client.isStale(entry, observer.staleTime)) refetch();
    // As TanStack Query: no polling while the tab is hidden.
    const poll = () => document.visibilityState !== 'hidden' && refetch();
    const timer = interval ? setInterval(poll, interval) : undefined;
    return () => {
      entry.observers.delete(observer);
      clearInterval(timer);
    };
  }, [client, entry, enabled, interval]);
  const isError = error !== null;
  return {
    data,
    error,
    isPending: data === undefined && !isError,
    isError,
    isSuccess: !isError && data !== undefined,
    isFetched: updates > 0,
    isFetchedAfterMount: updates > updatesAtMount,
    isStale: client.isStale(entry, options.staleTime),
  };
}

export interface MutationOptions<T, V> {
  mutationFn: (variables: V) => Promise<T>;
  retry?: Retry | false;
  onSuccess?: (data: T, variables: V) => unknown;
  onError?: (error: unknown, variables: V) => unknown;
}

/** A server call a screen makes (a choice, signing in): its pending state and two ways to run it. */
export function useMutation<T, V = void>(options: MutationOptions<T, V>) {
  const [isPending, setPending] = useState(false);
  const latest = useRef(options);
  latest.current = options;
  const mutateAsync = useCallback(async (variables: V): Promise<T> => {
    const o = latest.current;
    setPending(true);
    try {
      const data = await withRetry(() => o.mutationFn(variables), o.retry ?? false);
      await o.onSuccess?.(data, variables);
      return data;
    } catch (err) {
      await o.onError?.(err, variables);
      throw err;
    } finally {
      setPending(false);
    }
  }, []);
  /** Runs it without a promise to handle: failures go to onError only. */
  const mutate = useCallback(
    (variables: V) => void mutateAsync(variables).catch(() => undefined),
    [mutateAsync],
  );
  return { mutate, mutateAsync, isPending };
}
