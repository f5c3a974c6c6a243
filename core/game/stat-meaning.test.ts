import { describe, expect, it } from 'vitest';
import { changeTone } from './stat-meaning.ts';

describe('changeTone', () => {
  it('calls a change good or bad by what it does to the player, not by its sign', () => {
    expect(changeTone('intelligence', 5)).toBe('good');
    expect(changeTone('gold', -10)).toBe('bad');
    expect(changeTone('delusion', 2)).toBe('bad');
    expect(changeTone('delusion', -3)).toBe('good');
    expect(changeTone('health', 0)).toBe('none');
  });
});
