import { addressKey } from '../plugins/address-key.ts';
import { WindowCounter } from '../plugins/window-counter.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * Limits on /api/auth, sized for people: a class of 40 behind one school address can all start
 * a guest game, register or sign in within a minute, while password guessing stays slow. What is
 * counted is what fails (a wrong password, a refused sign-up) and what is made (an account, a
 * guest), never a request as such, so junk from one client cannot use up the allowance of the
 * people it shares an address with. Wrong passwords never lock an account: they slow the address
 * that sends them (growing delays per address and account), and an account's guesses from all
 * addresses together are capped. The owner is kept out of the shared counters and waits: from a
 * browser that signed in to the account before (a signed cookie, or a live session of that
 * account) before any wait is checked, and from an address the owner signed in from before out
 * of the per-address and per-account counters (docs/security.md "Sign-in limits").
 * Addresses are the client address Fastify resolved (TRUST_PROXY), never a header the client
 * wrote, keyed by addressKey (an IPv6 client by its /64).
 */
export const AUTH_LIMITS = {
  /** Guest games started per address. */
  guestStarts: { max: 200, windowMs: 10 * MINUTE },
  /** Accounts registered per address. */
  signUps: { max: 100, windowMs: 10 * MINUTE },
  /** Refused registrations (address taken, invalid body) per address: the 11th within 10 s waits. */
  refusedSignUps: { max: 10, windowMs: 10 * SECOND },
  /** Failed sign-ins per address: the 4th within 10 s is refused. */
  failuresPerAddress: { max: 3, windowMs: 10 * SECOND },
  /**
   * Failed sign-ins per account (e-mail) from all addresses but the owner's known ones: guessing
   * from many addresses stays at a few a minute.
   */
  failuresPerAccount: { max: 50, windowMs: 15 * MINUTE },
  /** Failed sign-ins of one known browser on its account before it is treated as any other. */
  failuresPerBrowser: { max: 5, windowMs: 15 * MINUTE },
  /** Failures one address may make on one account before each next try waits (1 s, doubling). */
  freeFailuresPerPair: 3,
  /** The longest wait between tries of one address on one account. */
  maxPairDelayMs: 15 * MINUTE,
  /** How long an address the owner signed in from stays known. */
  knownAddressMs: 30 * 24 * 60 * MINUTE,
  /** Every other auth request (session reads, sign-out) per address, or per session when signed in. */
  requests: { max: 600, windowMs: MINUTE },
} as const;

/** A refusal: the message shown to the person and the seconds to wait. */
export interface Refusal {
  message: string;
  retryAfter: number;
}

/** Who sends an auth request. */
export interface AuthCaller {
  /** The client address Fastify resolved. */
  ip: string;
  /** The e-mail the body names (sign-in, sign-up). */
  email?: string | undefined;
  /**
   * Proof that this browser signed in to `email`'s account before: the known-browser cookie's tag
   * for that account, or `session:<user id>` for a live session of it. Undefined otherwise.
   */
  browser?: string | undefined;
  /** The signed session token the request carries, if any (keys `requests` instead of the address). */
  session?: string | undefined;
}

/** How long to wait, in words. */
function wait(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/** The wait after `failures` failed tries of one address on one account. */
export function pairDelayMs(failures: number): number {
  const over = failures - AUTH_LIMITS.freeFailuresPerPair;
  if (over < 0) return 0;
  return Math.min(AUTH_LIMITS.maxPairDelayMs, SECOND * 2 ** Math.min(over, 20));
}

/** Bounded in-memory map: past `max` entries the oldest inserted half is dropped. */
function bounded<V>(map: Map<string, V>, max = 50_000): Map<string, V> {
  if (map.size < max) return map;
  let drop = map.size / 2;
  for (const key of map.keys()) {
    if (drop-- <= 0) break;
    map.delete(key);
  }
  return map;
}

/** How a sign-in was admitted, so settle() gives back exactly what admit() counted. */
type Admitted = 'browser' | 'known' | 'stranger';

/** The counters of one server and the checks made before and after each auth request. */
export class AuthLimiter {
  private readonly counters;
  /** Failed tries per address and account, and when the last one was made. */
  private readonly pairs = new Map<string, { failures: number; lastAt: number }>();
  /** Address and account pairs that signed in, until when they count as the owner's. */
  private readonly known = new Map<string, number>();
  /** Sign-ins in flight: how each was admitted (a request admitted twice is counted twice). */
  private readonly admitted = new Map<string, Admitted[]>();

  constructor(private readonly now: () => number = Date.now) {
    const make = (l: { max: number; windowMs: number }) =>
      new WindowCounter(l.max, l.windowMs, now);
    this.counters = {
      guestStarts: make(AUTH_LIMITS.guestStarts),
      signUps: make(AUTH_LIMITS.signUps),
      refusedSignUps: make(AUTH_LIMITS.refusedSignUps),
      failuresPerAddress: make(AUTH_LIMITS.failuresPerAddress),
      failuresPerAccount: make(AUTH_LIMITS.failuresPerAccount),
      failuresPerBrowser: make(AUTH_LIMITS.failuresPerBrowser),
      requests: make(AUTH_LIMITS.requests),
    };
  }

  /**
   * Checks a request before Better Auth sees it and counts it. A sign-in, a sign-up and a guest
   * start are counted in advance (so parallel requests cannot slip past a limit) and settled by
   * settle(), which keeps only what failed (sign-in, refused sign-up) or was made (account, guest).
   */
  admit(action: string, caller: AuthCaller): Refusal | undefined {
    const c = this.counters;
    const ip = addressKey(caller.ip);
    const refuse = (counter: WindowCounter, key: string, what: string): Refusal => {
      const retryAfter = counter.retryAfter(key);
      return { retryAfter, message: `${what}; try again in ${wait(retryAfter)}` };
    };
    if (action === 'sign-in/anonymous') {
      if (!c.guestStarts.take(ip))
        return refuse(c.guestStarts, ip, 'Too many new games from your network');
      return undefined;
    }
    if (action === 'sign-up/email') {
      if (c.refusedSignUps.isFull(ip)) {
        return refuse(c.refusedSignUps, ip, 'Too many refused registrations from your network');
      }
      if (!c.signUps.take(ip))
        return refuse(c.signUps, ip, 'Too many registrations from your network');
      return undefined;
    }
    if (action === 'sign-in/email') return this.admitSignIn(ip, caller);
    const key = caller.session ? `session:${caller.session}` : ip;
    if (!c.requests.take(key)) return refuse(c.requests, key, 'Too many requests');
    return undefined;
  }

  private admitSignIn(ip: string, caller: AuthCaller): Refusal | undefined {
    const c = this.counters;
    const account = caller.email?.trim().toLowerCase() ?? '';
    const pair = `${ip}\n${account}`;
    const flight = `${pair}\n${caller.browser ?? ''}`;
    const admitted = (how: Admitted) => {
      bounded(this.admitted).set(flight, [...(this.admitted.get(flight) ?? []), how]);
      return undefined;
    };
    // The owner's browser first, before any wait: not counted anywhere shared, not held by
    // guesses from its address. Its own failures are counted, so a stolen cookie guesses little.
    if (account && caller.browser && c.failuresPerBrowser.take(`${caller.browser}\n${account}`)) {
      return admitted('browser');
    }
    const refuse = (counter: WindowCounter, key: string, what: string): Refusal => {
      const retryAfter = counter.retryAfter(key);
      return { retryAfter, message: `${what}; try again in ${wait(retryAfter)}` };
    };
    const known = account !== '' && this.isKnown(pair);
    if (!known && !c.failuresPerAddress.take(ip)) {
      return refuse(c.failuresPerAddress, ip, 'Too many failed logins from your network');
    }
    const giveBack = () => {
      if (!known) c.failuresPerAddress.give(ip);
    };
    if (!account) return admitted(known ? 'known' : 'stranger');
    const tried = this.pairs.get(pair);
    const waitMs = tried ? tried.lastAt + pairDelayMs(tried.failures) - this.now() : 0;
    if (waitMs > 0) {
      giveBack();
      const retryAfter = Math.ceil(waitMs / SECOND);
      return {
        retryAfter,
        message: `Too many failed logins for this account; try again in ${wait(retryAfter)}`,
      };
    }
    if (!known && !c.failuresPerAccount.take(account)) {
      giveBack();
      return refuse(c.failuresPerAccount, account, 'Too many failed logins for this account');
    }
    // Counted as a failure in advance; settle() takes it back when it was not one.
    const entry = tried ?? { failures: 0, lastAt: 0 };
    entry.failures++;
    entry.lastAt = this.now();
    bounded(this.pairs).set(pair, entry);
    return admitted(known ? 'known' : 'stranger');
  }

  /** After Better Auth answered with `status`: keeps what failed or was made, gives back the rest. */
  settle(action: string, caller: AuthCaller, status: number): void {
    const c = this.counters;
    const ip = addressKey(caller.ip);
    const ok = status >= 200 && status < 300;
    if (action === 'sign-in/anonymous') {
      if (!ok) c.guestStarts.give(ip);
      return;
    }
    if (action === 'sign-up/email') {
      if (ok) return;
      c.signUps.give(ip);
      // Any refusal but a server failure counts: a wrong body, an address already registered.
      if (status < 500) c.refusedSignUps.take(ip);
      return;
    }
    if (action !== 'sign-in/email') return;
    const account = caller.email?.trim().toLowerCase() ?? '';
    const pair = `${ip}\n${account}`;
    const flight = `${pair}\n${caller.browser ?? ''}`;
    const list = this.admitted.get(flight);
    const how = list?.shift();
    if (list && list.length === 0) this.admitted.delete(flight);
    if (!how) return;
    if (ok) {
      // The owner's browser getting in does not wipe the guesses made from its address.
      if (how !== 'browser') this.pairs.delete(pair);
      if (caller.browser) c.failuresPerBrowser.clear(`${caller.browser}\n${account}`);
      if (account) bounded(this.known).set(pair, this.now() + AUTH_LIMITS.knownAddressMs);
    }
    // A wrong password (401) stays counted; anything else was not a guess.
    const failed = status === 401;
    if (how === 'browser') {
      if (!failed && !ok && caller.browser)
        c.failuresPerBrowser.give(`${caller.browser}\n${account}`);
      return;
    }
    if (failed) return;
    if (how === 'stranger') {
      c.failuresPerAddress.give(ip);
      if (account) c.failuresPerAccount.give(account);
    }
    const entry = this.pairs.get(pair);
    if (!ok && entry && entry.failures > 0) entry.failures--;
  }

  private isKnown(pair: string): boolean {
    const until = this.known.get(pair);
    return until !== undefined && until > this.now();
  }
}
