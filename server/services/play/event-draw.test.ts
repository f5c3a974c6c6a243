import { describe, expect, it } from 'vitest';
import { eventDeps } from './event-draw.ts';

/** The first `n` numbers of one draw. */
const numbers = (deps: ReturnType<typeof eventDeps>, userId: string, version: number, n = 10) => {
  const random = deps.random({ userId, version });
  return Array.from({ length: n }, () => random());
};

describe('eventDeps: the guest draws', () => {
  it('give the same numbers for the same player and version, asked again or on another server', () => {
    const deps = eventDeps('secret-a');
    const first = numbers(deps, 'u1', 3);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
    // Eight numbers per draw, then they repeat.
    expect(first.slice(8)).toEqual(first.slice(0, 2));
    numbers(deps, 'u2', 3);
    expect(numbers(deps, 'u1', 3)).toEqual(first);
    // Another process with the same secret (nothing kept yet) agrees.
    expect(numbers(eventDeps('secret-a'), 'u1', 3)).toEqual(first);
  });

  it('differ between versions, players and secrets, also once many draws were kept', () => {
    const deps = eventDeps('secret-a');
    const fresh = eventDeps('secret-a');
    const a = numbers(deps, 'u1', 3);
    expect(numbers(deps, 'u1', 4)).not.toEqual(a);
    expect(numbers(deps, 'u13', 3)).not.toEqual(a);
    expect(numbers(eventDeps('secret-b'), 'u1', 3)).not.toEqual(a);
    // More players than the draws kept: every draw still matches a server that kept none.
    for (let i = 0; i < 5000; i++) numbers(deps, `p${i}`, i % 3, 1);
    for (const i of [0, 4095, 4096, 4999]) {
      expect(numbers(deps, `p${i}`, i % 3)).toEqual(numbers(fresh, `p${i}`, i % 3));
    }
  });
});
