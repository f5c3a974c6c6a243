import { describe, expect, it } from 'vitest';
import { diffSnapshots, isEdit, shortenSame, wordDiff } from './diff.ts';

const scene = { id: 'intro', title: 'Intro' };
const option = (why: string | null) => ({
  id: 'o1',
  text: 'Thank the blogger',
  next_scenario_id: 'day2',
  stats_changes: { charisma: 2 },
  why,
});

describe("a scene's history: the why line", () => {
  it('lists an edit of the why line alone as a change of that option', () => {
    const then = { scene, options: [option(null)] };
    const now = { scene, options: [option('Links given freely are the ones that count.')] };
    expect(diffSnapshots(then, now)).toEqual([
      {
        field: 'Option 1 why line',
        before: '(none)',
        after: 'Links given freely are the ones that count.',
      },
    ]);
    expect(diffSnapshots(now, now)).toEqual([]);
  });
});

/** A 780-character scene text, as the history finding had. */
const LONG = Array.from(
  { length: 26 },
  (_, i) => `Sentence ${i} tells of hats, felt and the shop on the corner.`,
).join(' ');

describe('per-word comparison', () => {
  it('a one-word edit in a long text is one word out and one word in, the rest the same', () => {
    expect(LONG.length).toBeGreaterThan(700);
    const edited = LONG.replace('Sentence 12 tells of hats', 'Sentence 12 tells of caps');
    const parts = wordDiff(LONG, edited);
    expect(parts.filter((p) => p.kind !== 'same')).toEqual([
      { kind: 'removed', text: 'hats,' },
      { kind: 'added', text: 'caps,' },
    ]);
    // Read back, each side is whole.
    const side = (kind: 'removed' | 'added') =>
      parts
        .filter((p) => p.kind === 'same' || p.kind === kind)
        .map((p) => p.text)
        .join('');
    expect(side('removed')).toBe(LONG);
    expect(side('added')).toBe(edited);
  });

  it('finds words added, removed and moved between unchanged ones', () => {
    expect(wordDiff('the red hat sells well', 'the big red hat sells')).toEqual([
      { kind: 'same', text: 'the ' },
      { kind: 'added', text: 'big ' },
      { kind: 'same', text: 'red hat sells' },
      { kind: 'removed', text: ' well' },
    ]);
    expect(wordDiff('', 'new words')).toEqual([{ kind: 'added', text: 'new words' }]);
    expect(wordDiff('same', 'same')).toEqual([{ kind: 'same', text: 'same' }]);
    expect(wordDiff('a b', 'c d')).toEqual([
      { kind: 'removed', text: 'a b' },
      { kind: 'added', text: 'c d' },
    ]);
    // Line breaks are kept as they were typed.
    expect(wordDiff('one\n\ntwo', 'one\n\nthree')).toEqual([
      { kind: 'same', text: 'one\n\n' },
      { kind: 'removed', text: 'two' },
      { kind: 'added', text: 'three' },
    ]);
  });

  it('shortens long unchanged runs around a change to a few words each side', () => {
    const edited = LONG.replace('Sentence 12 tells of hats', 'Sentence 12 tells of caps');
    const short = shortenSame(wordDiff(LONG, edited), 3);
    const text = short.map((p) => (p.kind === 'same' ? p.text : `[${p.kind}:${p.text}]`)).join('');
    expect(text).toBe('… 12 tells of [removed:hats,][added:caps,] felt and the …');
    // Short texts are left whole.
    const parts = wordDiff('a b c', 'a x c');
    expect(shortenSame(parts, 3)).toEqual(parts);
  });

  it('tells an edit (shown word by word) from a rewrite (shown side by side)', () => {
    const edited = LONG.replace('hats', 'caps');
    expect(isEdit(wordDiff(LONG, edited))).toBe(true);
    expect(isEdit(wordDiff('A small fair: three stalls.', 'Rain. The stalls pack up.'))).toBe(
      false,
    );
    expect(isEdit(wordDiff('Yes', 'No'))).toBe(false);
  });
});
