import { describe, expect, it } from 'vitest';
import { optionFormOf } from '../../../core/api/admin-scenes-form.ts';
import { destinationOf } from './options-card.tsx';

describe("an option's destination in the options list", () => {
  it("names a scene not yet written as the author typed it, without 'pending-'", () => {
    const typed = { ...optionFormOf(null), isPlaceholder: true, nextSceneId: 'Market stall' };
    expect(destinationOf(typed)).toBe('Market stall (not yet written)');
    const saved = { ...typed, isPending: true, nextSceneId: 'pending-market-stall' };
    expect(destinationOf(saved)).toBe('Market stall (not yet written)');
    const linked = { ...optionFormOf(null), nextSceneId: 'd1-end', nextSceneTitle: 'Day one ends' };
    expect(destinationOf(linked)).toBe('Day one ends');
  });
});
