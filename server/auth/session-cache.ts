import type { SessionUser } from '../fastify.d.ts';

/**
 * How long a checked session is trusted on play requests without asking the database again.
 * Bounds how long a session deleted or a user banned outside this server (another server's
 * sign-out, `npm run admin`, a database edit) still works on play routes; role checks never use it.
 */
const SESSION_CACHE_TTL_MS = 30_000;

interface Entry {
  user: SessionUser;
  /** Epoch ms after which the entry is not used (TTL, session expiry or refresh due, whichever first). */
  until: number;
}

/**
 * Sessions already checked against the database, keyed by the session token of a validly signed
 * cookie (the signature is checked before every lookup, so a forged cookie never reaches it).
 * Used on the busy play routes only: admin routes, /api/session and page HTML always ask the
 * database, so role changes apply at once. Signing out on this server forgets the token at once.
 */
export class SessionCache {
  #entries = new Map<string, Entry>();
  #generation = 0;
  readonly ttlMs: number;
  readonly maxEntries: number;
  readonly #now: () => number;
  hits = 0;

  constructor(options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {}) {
    this.ttlMs = options.ttlMs ?? SESSION_CACHE_TTL_MS;
    this.maxEntries = options.maxEntries ?? 20_000;
    this.#now = options.now ?? Date.now;
  }

  /** The user of `token` when checked within the TTL (and the session is neither expired nor due). */
  get(token: string): SessionUser | null {
    const entry = this.#entries.get(token);
    if (!entry) return null;
    if (entry.until <= this.#now()) {
      this.#entries.delete(token);
      return null;
    }
    this.hits++;
    return entry.user;
  }

  /** Moves on every forget: a lookup that began before one is not stored (it may be outdated). */
  get generation(): number {
    return this.#generation;
  }

  /**
   * Remembers a session the database just confirmed; `validUntil`: its expiry or refresh time;
   * `since`: the generation read before the lookup began (nothing is stored if it moved).
   */
  set(token: string, user: SessionUser, validUntil: number, since: number): void {
    if (since !== this.#generation) return;
    const until = Math.min(this.#now() + this.ttlMs, validUntil);
    if (until <= this.#now()) return;
    if (this.#entries.size >= this.maxEntries) this.#sweep();
    this.#entries.delete(token);
    this.#entries.set(token, { user: Object.freeze(user), until });
  }

  /** Forgets one session (sign-out, account changes made with it). */
  delete(token: string): void {
    this.#generation++;
    this.#entries.delete(token);
  }

  /** Forgets every session (admin actions on users, sessions revoked). */
  clear(): void {
    this.#generation++;
    this.#entries.clear();
    for (const listener of this.#clearListeners) listener();
  }

  #clearListeners = new Set<() => void>();

  /**
   * Calls `listener` whenever every session is forgotten (a role or account changed here or on
   * another server): holders of long-lived answers (class streams) check their user again.
   */
  onClear(listener: () => void): () => void {
    this.#clearListeners.add(listener);
    return () => this.#clearListeners.delete(listener);
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Drops expired entries, then the oldest half when still full. */
  #sweep(): void {
    const now = this.#now();
    for (const [token, entry] of this.#entries) if (entry.until <= now) this.#entries.delete(token);
    if (this.#entries.size < this.maxEntries) return;
    let drop = Math.ceil(this.#entries.size / 2);
    for (const token of this.#entries.keys()) {
      if (drop-- <= 0) break;
      this.#entries.delete(token);
    }
  }
}

/**
 * Whether a request may use the session cache: play and other player API routes do; admin
 * routes, class mode's teacher routes and class streams (an admin sees every class),
 * /api/session and page HTML (they carry or check the role) always ask the database.
 */
export function mayUseSessionCache(url: string): boolean {
  return (
    url.startsWith('/api/') &&
    !url.startsWith('/api/admin') &&
    !url.startsWith('/api/session') &&
    !url.startsWith('/api/teach') &&
    !(url.startsWith('/api/live') && url.includes('class='))
  );
}

/**
 * What an /api/auth/* request does to cached sessions: 'all' for actions that can change other
 * sessions or users (admin plugin, revoking, password or account changes), 'own' for every other
 * POST (sign-out, linking a guest), null for reads.
 */
export function authInvalidation(method: string, path: string): 'all' | 'own' | null {
  if (method !== 'POST') return null;
  const action = path.replace(/^\/api\/auth\//, '');
  if (/^(admin\/|revoke|change-password|change-email|delete-user|update-user)/.test(action)) {
    return 'all';
  }
  return 'own';
}
