/**
 * Counts events per key in fixed windows, in memory (one server's view; with several servers each
 * keeps its own, so a limit applies per server). Keys past their window are forgotten lazily and
 * swept when the map grows, so a flood of distinct keys cannot grow it without bound.
 */
export class WindowCounter {
  private readonly entries = new Map<string, { count: number; resetAt: number }>();

  constructor(
    /** Events allowed per window. */
    readonly max: number,
    /** Window length in ms. */
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Events counted for the key in its current window. */
  count(key: string): number {
    const entry = this.entries.get(key);
    return entry && entry.resetAt > this.now() ? entry.count : 0;
  }

  /** True when the key has used up its window. */
  isFull(key: string): boolean {
    return this.count(key) >= this.max;
  }

  /** Seconds until the key's window ends (at least 1). */
  retryAfter(key: string): number {
    const entry = this.entries.get(key);
    const ms = entry ? entry.resetAt - this.now() : 0;
    return Math.max(1, Math.ceil(ms / 1000));
  }

  /** Counts one event; false (and nothing counted) when the window was already full. */
  take(key: string): boolean {
    const at = this.now();
    let entry = this.entries.get(key);
    if (!entry || entry.resetAt <= at) {
      if (this.entries.size >= 50_000) this.sweep(at);
      entry = { count: 0, resetAt: at + this.windowMs };
      this.entries.set(key, entry);
    }
    if (entry.count >= this.max) return false;
    entry.count++;
    return true;
  }

  /** Gives back one event counted by take() (e.g. a sign-in that turned out to succeed). */
  give(key: string): void {
    const entry = this.entries.get(key);
    if (entry && entry.count > 0) entry.count--;
  }

  /** Forgets the key's window (e.g. a right password ends a run of failures). */
  clear(key: string): void {
    this.entries.delete(key);
  }

  private sweep(at: number): void {
    for (const [key, entry] of this.entries) if (entry.resetAt <= at) this.entries.delete(key);
  }
}
