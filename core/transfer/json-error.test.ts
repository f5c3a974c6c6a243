import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonErrorOffset } from './json-error.ts';

/** The slow reference (the former implementation): a binary search with JSON.parse per prefix. */
function failsBeforeEnd(text: string): boolean {
  try {
    JSON.parse(text);
    return false;
  } catch (err) {
    const message = err instanceof Error ? err.message : '';
    if (/end of JSON input/i.test(message)) return false;
    const at = /position (\d+)/.exec(message);
    return !(at && Number(at[1]) >= text.length);
  }
}
function reference(text: string): number {
  if (!failsBeforeEnd(text)) return text.length;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (failsBeforeEnd(text.slice(0, mid + 1))) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

describe('jsonErrorOffset', () => {
  it('points at the first character that cannot continue valid JSON', () => {
    expect(jsonErrorOffset('{"a": 1,}')).toBe(8);
    expect(jsonErrorOffset('[1,,2]')).toBe(3);
    expect(jsonErrorOffset('{\n  "scenes": [,]\n}')).toBe(15);
    expect(jsonErrorOffset('{"a": tru }')).toBe(9);
    expect(jsonErrorOffset('{"a": 1')).toBe(7);
    expect(jsonErrorOffset('{"a": "x\u0001"}')).toBe(8);
    expect(jsonErrorOffset('[1] x')).toBe(4);
    expect(jsonErrorOffset('{"a" 1}')).toBe(5);
    expect(jsonErrorOffset('[01]')).toBe(2);
  });

  it('finds the place in 45 MB in one pass (no parse per prefix)', () => {
    const text = `[${'1,'.repeat(22_500_000)},]`;
    expect(jsonErrorOffset(text)).toBe(text.length - 2);
  });

  it('agrees with a slow reference on damaged JSON', () => {
    fc.assert(
      fc.property(
        fc.json({ maxDepth: 3 }),
        fc.nat(),
        fc.constantFrom(',', ']', '}', ':', '"', 'x', '', '{', '['),
        (json, at, insert) => {
          const i = at % (json.length + 1);
          const text = json.slice(0, i) + insert + json.slice(i);
          let valid = true;
          try {
            JSON.parse(text);
          } catch {
            valid = false;
          }
          if (valid) return;
          expect(jsonErrorOffset(text)).toBe(reference(text));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
