import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listenToLiveUpdates } from './use-live-updates.ts';

/** A stand-in for the browser's EventSource (jsdom has none) that the test drives by hand. */
class FakeSource extends EventTarget {
  static CLOSED = 2;
  static made: FakeSource[] = [];
  readyState = 0;
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeSource.made.push(this);
  }
  close() {
    this.closed = true;
    this.readyState = FakeSource.CLOSED;
  }
  /** The server answered with an error status: the browser gives up on this source. */
  refuse() {
    this.readyState = FakeSource.CLOSED;
    this.dispatchEvent(new Event('error'));
  }
}

describe('listenToLiveUpdates', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSource.made = [];
    vi.stubGlobal('EventSource', FakeSource);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('refetches the news when a news event arrives', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const stop = listenToLiveUpdates(client, 1000, () => 0);
    FakeSource.made[0]?.dispatchEvent(new Event('news'));
    expect(invalidate).toHaveBeenCalledTimes(1);
    stop();
    expect(FakeSource.made[0]?.closed).toBe(true);
  });

  it('asks again after a refused stream and refetches everything once it is back', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const stop = listenToLiveUpdates(client, 1000, () => 0);
    FakeSource.made[0]?.refuse();
    vi.advanceTimersByTime(999);
    expect(FakeSource.made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSource.made).toHaveLength(2);
    FakeSource.made[1]?.dispatchEvent(new Event('open'));
    expect(invalidate).toHaveBeenCalledTimes(5); // news + scenes, ads, sponsors, fonts
    stop();
    FakeSource.made[1]?.refuse();
    vi.advanceTimersByTime(5000);
    expect(FakeSource.made).toHaveLength(2);
  });
});
