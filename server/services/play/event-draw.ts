import { createHmac, createSecretKey, randomBytes } from 'node:crypto';

/** Which choice a guest draw is for: the player and the version of their game the choice starts from. */
interface DrawKey {
  userId: string;
  /** players.version before the choice (0 before the first); it goes up with every choice and every new game. */
  version: number;
}

/** The server clock and the random source of the guest event rule (tests may replace them). */
export interface EventDeps {
  now: () => number;
  /**
   * The random numbers of the guest draw for one choice, like Math.random. The same key gives
   * the same numbers, so a scene read can tell ahead whether the choice made there will show an
   * event (core nextChoiceMayInterrupt), and the choice then draws exactly that.
   */
  random: (key: DrawKey) => () => number;
}

/**
 * The guest draws, derived from the server secret, the player and the game's version: no column
 * keeps them, every server with the same secret agrees, and a player cannot work them out.
 * Eight numbers per choice (the rule uses two); computed only when the rule asks for one.
 */
export function eventDeps(secret: string): EventDeps {
  // A scene read, the choice made there and the answer's next scene ask for the same draws: the
  // bytes of the last few thousand are kept (a full map starts again).
  const drawn = new Map<string, Buffer>();
  // Made once: an HMAC keyed by a string prepares that key anew on every draw.
  const key = createSecretKey(Buffer.from(secret));
  const bytesOf = (userId: string, version: number): Buffer => {
    const id = `${userId}\0${version}`;
    let bytes = drawn.get(id);
    if (!bytes) {
      bytes = createHmac('sha256', key).update(`guest-event\0${id}`).digest();
      if (drawn.size >= DRAWS_KEPT) drawn.clear();
      drawn.set(id, bytes);
    }
    return bytes;
  };
  return {
    now: () => Date.now(),
    random: ({ userId, version }) => {
      let bytes: Buffer | null = null;
      let i = 0;
      return () => {
        bytes ??= bytesOf(userId, version);
        const value = bytes.readUInt32BE((i++ % 8) * 4);
        return value / 2 ** 32;
      };
    },
  };
}

const DRAWS_KEPT = 4096;

/** For callers that pass no deps (tests, scripts): one secret per process. */
export const processEventDeps: EventDeps = eventDeps(randomBytes(32).toString('hex'));
