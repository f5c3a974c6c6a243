import { WindowCounter } from '../plugins/window-counter.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * Limits on /api/auth, sized for people: a class of 40 behind one school address can all start
 * a guest game, register or sign in within a minute, while password guessing stays slow. Wrong
 * passwords never lock an account: they slow the address that sends them (growing delays per
 * address and account), and an account's guesses from all addresses together are capped, except
 * from an address the owner signed in from before (docs/security.md).
 * Addresses are the client address Fastify resolved (TRUST_PROXY), never a header the client wrote.
 */
export const AUTH_LIMITS = {
  /** Guest games started per address. */
  guestStarts: { max: 200, windowMs: 10 * MINUTE },
  /** Accounts registered per address. */
  signUps: { max: 100, windowMs: 10 * MINUTE },
  /** Sign-in attempts per address, right or wrong. */
  signIns: { max: 200, windowMs: 10 * MINUTE },
  /** Failed sign-ins per address: the 4th within 10 s is refused. */
  failuresPerAddress: { max: 3, windowMs: 10 * SECOND },
  /**
   * Failed sign-ins per account (e-mail) from all addresses but the owner's known ones: guessing
   * from many addresses stays at a few a minute.
   */
  failuresPerAccount: { max: 50, windowMs: 15 * MINUTE },
  /** Failures one address may make on one account before each next try waits (1 s, doubling). */
  freeFailuresPerPair: 3,
  /** The longest wait between tries of one address on one account. */
  maxPairDelayMs: 15 * MINUTE,
  /** How long an address the owner signed in from stays known. */
  knownAddressMs: 30 * 24 * 60 * MINUTE,
  /** Every other auth request (session reads, sign-out) per address. */
  requests: { max: 600, windowMs: MINUTE },
} as const;

/** A refusal: the status, the message shown to the person, and the seconds to wait. */
export interface Refusal {
  message: string;
  retryAfter: number;
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

/** The counters of one server and the checks made before and after each auth request. */
export class AuthLimiter {
  private readonly counters;
  /** Failed tries per address and account, and when the last one was made. */
  private readonly pairs = new Map<string, { failures: number; lastAt: number }>();
  /** Address and account pairs that signed in, until when they count as the owner's. */
  private readonly known = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {
    const make = (l: { max: number; windowMs: number }) =>
      new WindowCounter(l.max, l.windowMs, now);
    this.counters = {
      guestStarts: make(AUTH_LIMITS.guestStarts),
      signUps: make(AUTH_LIMITS.signUps),
      signIns: make(AUTH_LIMITS.signIns),
      failuresPerAddress: make(AUTH_LIMITS.failuresPerAddress),
      failuresPerAccount: make(AUTH_LIMITS.failuresPerAccount),
      requests: make(AUTH_LIMITS.requests),
    };
  }

  /**
   * Checks a request before Better Auth sees it and counts it. A sign-in is counted as a failure
   * in advance (so parallel guesses cannot slip past the limit) and settled by settle().
   */
  admit(action: string, ip: string, email: string | undefined): Refusal | undefined {
    const c = this.counters;
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
      if (!c.signUps.take(ip))
        return refuse(c.signUps, ip, 'Too many registrations from your network');
      return undefined;
    }
    if (action === 'sign-in/email') {
      const account = email?.trim().toLowerCase();
      if (!c.signIns.take(ip)) return refuse(c.signIns, ip, 'Too many logins from your network');
      if (!c.failuresPerAddress.take(ip)) {
        return refuse(c.failuresPerAddress, ip, 'Too many failed logins from your network');
      }
      if (!account) return undefined;
      const pair = `${ip}\n${account}`;
      const tried = this.pairs.get(pair);
      const waitMs = tried ? tried.lastAt + pairDelayMs(tried.failures) - this.now() : 0;
      if (waitMs > 0) {
        c.failuresPerAddress.give(ip);
        const retryAfter = Math.ceil(waitMs / SECOND);
        return {
          retryAfter,
          message: `Too many failed logins for this account; try again in ${wait(retryAfter)}`,
        };
      }
      if (!this.isKnown(pair) && !c.failuresPerAccount.take(account)) {
        c.failuresPerAddress.give(ip);
        return refuse(c.failuresPerAccount, account, 'Too many failed logins for this account');
      }
      // Counted as a failure in advance; settle() takes it back when it was not one.
      const entry = tried ?? { failures: 0, lastAt: 0 };
      entry.failures++;
      entry.lastAt = this.now();
      bounded(this.pairs).set(pair, entry);
      return undefined;
    }
    if (!c.requests.take(ip)) return refuse(c.requests, ip, 'Too many requests');
    return undefined;
  }

  /** After Better Auth answered: a sign-in that was not a wrong password gives its failure back. */
  settle(action: string, ip: string, email: string | undefined, status: number): void {
    if (action !== 'sign-in/email' || status === 401) return;
    this.counters.failuresPerAddress.give(ip);
    const account = email?.trim().toLowerCase();
    if (!account) return;
    const pair = `${ip}\n${account}`;
    if (!this.isKnown(pair)) this.counters.failuresPerAccount.give(account);
    const entry = this.pairs.get(pair);
    if (status >= 200 && status < 300) {
      this.pairs.delete(pair);
      bounded(this.known).set(pair, this.now() + AUTH_LIMITS.knownAddressMs);
    } else if (entry && entry.failures > 0) {
      entry.failures--;
    }
  }

  private isKnown(pair: string): boolean {
    const until = this.known.get(pair);
    return until !== undefined && until > this.now();
  }
}
