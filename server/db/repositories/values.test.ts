import { describe, expect, it } from 'vitest';
import { now, timeOrderedUuid } from './values.ts';

describe('timeOrderedUuid', () => {
  it('is a version 7 UUID carrying the time in milliseconds', () => {
    const at = Date.UTC(2026, 10, 26, 0, 45, 12, 345);
    const id = timeOrderedUuid(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(at);
  });

  it('sorts ids made later after ids made earlier, and never repeats', () => {
    const start = Date.now();
    const ids = Array.from({ length: 200 }, (_, i) => timeOrderedUuid(start + i));
    expect([...ids].sort()).toEqual(ids);
    const same = Array.from({ length: 1000 }, () => timeOrderedUuid(start));
    expect(new Set(same).size).toBe(1000);
  });
});

describe('now', () => {
  it('writes what toISOString writes, across seconds, days and years', () => {
    const times = [
      Date.UTC(2026, 10, 29, 18, 59, 59, 999),
      Date.UTC(2026, 10, 29, 19, 0, 0, 0),
      Date.UTC(2026, 10, 29, 19, 0, 0, 7),
      Date.UTC(2026, 10, 29, 19, 0, 0, 70),
      Date.UTC(2026, 11, 31, 23, 59, 59, 500),
      Date.UTC(2027, 0, 1, 0, 0, 0, 1),
      0,
      Date.UTC(1969, 11, 31, 23, 59, 59, 999),
    ];
    for (const at of times) expect(now(at)).toBe(new Date(at).toISOString());
    expect(now()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });
});
