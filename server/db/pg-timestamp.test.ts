import { describe, expect, it } from 'vitest';
import { pgTimestamptzToIso } from './pg-timestamp.ts';

describe('pgTimestamptzToIso', () => {
  it('answers what Date answers for every UTC form PostgreSQL sends', () => {
    for (const v of [
      '2026-11-29 12:45:01.123456+00',
      '2026-11-29 12:45:01.999999+00',
      '2026-11-29 12:45:01.5+00',
      '2026-11-29 12:45:01.05+00',
      '2026-11-29 12:45:01+00',
      '2024-02-29 23:59:59.000001+00',
    ]) {
      expect(pgTimestamptzToIso(v)).toBe(new Date(v).toISOString());
    }
  });

  it('keeps a year below 1000, which Date would read as 19xx', () => {
    expect(pgTimestamptzToIso('0099-01-01 00:00:00+00')).toBe('0099-01-01T00:00:00.000Z');
  });

  it('goes through Date for other time zones', () => {
    expect(pgTimestamptzToIso('2026-11-29 12:45:01.123456+05:30')).toBe('2026-11-29T07:15:01.123Z');
    expect(pgTimestamptzToIso('2026-11-29 12:45:01-08')).toBe('2026-11-29T20:45:01.000Z');
  });
});
