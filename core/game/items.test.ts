import { describe, expect, it } from 'vitest';
import {
  itemChangePhrase,
  itemKind,
  itemLabel,
  nearMissPrefix,
  playerItems,
  visibleInventory,
} from './items.ts';

describe('item names (the authors’ convention)', () => {
  it('tells flags, lessons, purchases and plain items apart by their exact prefix', () => {
    expect(itemKind('Flag: Clean Record')).toBe('flag');
    expect(itemKind('Lesson: Unique titles')).toBe('lesson');
    expect(itemKind('Bought: Platinum backlinks')).toBe('receipt');
    expect(itemKind('Head-Size Guide')).toBe('item');
    // Case and the space count: these show as named (the story check flags them).
    expect(itemKind('flag: x')).toBe('item');
    expect(itemKind('Flag:x')).toBe('item');
    expect(itemLabel('Bought: Platinum backlinks')).toBe('Platinum backlinks');
    expect(itemLabel('Head-Size Guide')).toBe('Head-Size Guide');
  });

  it('shows a player items and lessons, never flags, in the order collected', () => {
    const inventory = [
      'Flag: Clean Record',
      'Lesson: Unique titles',
      'Map',
      'Bought: Platinum backlinks',
      'Flag: Spam',
      'Lesson: Helpful content',
      7,
    ];
    expect(playerItems(inventory)).toEqual({
      items: ['Map', 'Platinum backlinks'],
      lessons: ['Unique titles', 'Helpful content'],
    });
    expect(playerItems(null)).toEqual({ items: [], lessons: [] });
  });

  it('words a change as players read it and says nothing of flags', () => {
    expect(itemChangePhrase('Map', 'gained')).toBe('gained Map');
    expect(itemChangePhrase('Map', 'lost')).toBe('lost Map');
    expect(itemChangePhrase('Lesson: Unique titles', 'gained')).toBe('learned Unique titles');
    expect(itemChangePhrase('Bought: Platinum backlinks', 'gained')).toBe(
      'bought Platinum backlinks',
    );
    expect(itemChangePhrase('Bought: Platinum backlinks', 'lost')).toBe('lost Platinum backlinks');
    expect(itemChangePhrase('Flag: Spam', 'gained')).toBeNull();
    expect(itemChangePhrase('Flag: Spam', 'lost')).toBeNull();
  });

  it('finds names that almost follow a prefix', () => {
    expect(nearMissPrefix('flag: Spam')).toBe('Flag: ');
    expect(nearMissPrefix('Flag:Spam')).toBe('Flag: ');
    expect(nearMissPrefix('lesson - titles')).toBe('Lesson: ');
    expect(nearMissPrefix('BOUGHT: links')).toBe('Bought: ');
    expect(nearMissPrefix('Lesson:')).toBe('Lesson: ');
    expect(nearMissPrefix('Flag: Spam')).toBeNull();
    expect(nearMissPrefix('Flagship hat')).toBeNull();
    expect(nearMissPrefix('Spam Flag')).toBeNull();
  });
});

describe('visibleInventory', () => {
  it('keeps the plain items and the lessons players see, in order; never flags or receipts', () => {
    expect(
      visibleInventory(['Flag: Spam', 'Map', 'Lesson: Titles', 'Bought: Links', '  ', 'Hat']),
    ).toEqual(['Map', 'Lesson: Titles', 'Hat']);
    expect(visibleInventory(null)).toEqual([]);
  });

  it('drops a flag that names a lesson', () => {
    expect(visibleInventory(['Flag: Lesson: hidden', 'Lesson: Kept'])).toEqual(['Lesson: Kept']);
  });

  it('splits into what the stats panel lists: items and lessons apart, no flags', () => {
    const sent = visibleInventory(['Flag: Shortcut: Cloaking', 'Lesson: E-E-A-T', 'Hat']);
    expect(playerItems(sent)).toEqual({ items: ['Hat'], lessons: ['E-E-A-T'] });
  });
});
