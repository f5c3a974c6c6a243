import { describe, expect, it } from 'vitest';
import { countWords } from './words.ts';

describe('countWords', () => {
  it('counts words, not prompts, punctuation or HTML tags', () => {
    expect(countWords('> SEARCH site:example.test\n> 0 RESULTS')).toBe(4);
    expect(countWords('<p>Two <strong>words</strong></p> - and — three')).toBe(4);
    expect(countWords('')).toBe(0);
    expect(countWords(null)).toBe(0);
  });
});
