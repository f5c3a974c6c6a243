import { WindowCounter } from '../plugins/window-counter.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * Limits on /api/auth, sized for people: a class of 40 behind one school address can all start
 * a guest game, register or sign in within a minute, while password guessing stays slow both per
 * address and per account (an attacker rotating addresses still meets the account's limit).
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
  /** Failed sign-ins per account (e-mail), from any address. */
  failuresPerAccount: { max: 5, windowMs: 15 * MINUTE },
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

/** The counters of one server and the checks made before and after each auth request. */
export class AuthLimiter {
  private readonly counters;

  constructor(now: () => number = Date.now) {
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
      if (account && !c.failuresPerAccount.take(account)) {
        c.failuresPerAddress.give(ip);
        return refuse(c.failuresPerAccount, account, 'Too many failed logins for this account');
      }
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
    if (account) this.counters.failuresPerAccount.give(account);
  }
}
