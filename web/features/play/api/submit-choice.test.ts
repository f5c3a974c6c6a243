import { afterEach, describe, expect, it, vi } from 'vitest';
import { submitChoice } from './submit-choice.ts';

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** Answers POST /api/play/choices with `answers` in turn, recording each request's body. */
function serverAnswering(...answers: Response[]): string[] {
  const bodies: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      bodies.push(String(init?.body));
      const next = answers.shift();
      if (!next) throw new Error('no answer left');
      return next;
    }),
  );
  return bodies;
}

const INPUT = { optionId: 'o1', idempotencyKey: 'key-1' };
const BUSY = { error: 'Service Unavailable', message: 'Server busy' };

describe('submitChoice', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('tries a busy server again with the same key, after 1 s then 2 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const applied = { player: {}, nextSceneId: 'shop', show: {} };
    const bodies = serverAnswering(json(BUSY, 503), json(BUSY, 503), json(applied, 200));
    const answer = submitChoice(INPUT);
    await vi.advanceTimersByTimeAsync(999);
    expect(bodies).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(bodies).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2000);
    await expect(answer).resolves.toEqual(applied);
    expect(bodies).toEqual(Array(3).fill(JSON.stringify(INPUT)));
  });

  it('gives up after two more tries, and never tries a refusal again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    serverAnswering(json(BUSY, 503), json(BUSY, 503), json(BUSY, 503));
    const busy = submitChoice(INPUT);
    const settled = expect(busy).rejects.toMatchObject({ status: 503 });
    await vi.advanceTimersByTimeAsync(3000);
    await settled;

    const refusal = { error: 'Forbidden', message: 'Requires Budget $500', code: 'locked' };
    const bodies = serverAnswering(json(refusal, 403));
    await expect(submitChoice(INPUT)).rejects.toMatchObject({
      status: 403,
      message: 'Requires Budget $500',
      code: 'locked',
    });
    expect(bodies).toHaveLength(1);
  });
});
