import { describe, expect, it } from 'vitest';
import { itemsNeeded, startingItems, startingItemsError } from './play-from-here.tsx';

describe('play-test starting items', () => {
  it("offers the items the scene's options need, once each", () => {
    expect(
      itemsNeeded([
        { requiredItems: ['Flag: Met Dex', 'Map'] },
        { requiredItems: null },
        { requiredItems: ['Map'] },
      ]),
    ).toEqual(['Flag: Met Dex', 'Map']);
  });
  it('starts with the ticked items and the typed ones, trimmed and once each', () => {
    expect(startingItems(['Map'], ' Flag: Met Dex , ,Map,Lucky Hat ')).toEqual([
      'Map',
      'Flag: Met Dex',
      'Lucky Hat',
    ]);
    expect(startingItems([], '  ')).toEqual([]);
  });
  it('says what is wrong next to the field instead of sending it', () => {
    expect(startingItemsError(['Map'])).toBeNull();
    expect(startingItemsError(['x'.repeat(101)])).toMatch(/longer than 100 characters/);
    expect(startingItemsError(Array.from({ length: 51 }, (_, i) => `i${i}`))).toBe(
      'At most 50 items',
    );
  });
});
