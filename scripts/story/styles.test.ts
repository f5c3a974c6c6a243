import { describe, expect, it } from 'vitest';
import { greedyPicker, seekItemPicker, shortcutPicker, soundPicker, statDelta } from './styles.ts';
import { byId, option, scene } from './test-story.ts';

const at = {
  scene: scene('x'),
  stats: {
    health: 0,
    strength: 0,
    intelligence: 0,
    charisma: 0,
    gold: 0,
    delusion: 0,
    revenue: 0,
    inventory: [],
  },
};

describe('play styles', () => {
  it('counts the default $5 cost as a gold change', () => {
    expect(statDelta(option('x', 1, 'y'), 'gold')).toBe(-5);
    expect(statDelta(option('x', 1, 'y', { stats_changes: { gold: 0 } }), 'gold')).toBe(0);
  });

  it('greedy pickers take the largest change, the first on ties', () => {
    const open = [
      option('x', 1, 'a', { stats_changes: { health: 2 } }),
      option('x', 2, 'b', { stats_changes: { health: 5, gold: -20 } }),
      option('x', 3, 'c', { stats_changes: { health: 5 } }),
    ];
    expect(greedyPicker('health', 1)(open, at).id).toBe('x--2');
    expect(greedyPicker('gold', -1)(open, at).id).toBe('x--2');
  });

  it('the item seeker looks one scene ahead', () => {
    const flag = { stats_changes: { addInventory: ['Spam Flag'] } };
    const scenes = byId([
      scene('plain', { options: [option('plain', 1, 'end'), option('plain', 2, 'end')] }),
      scene('tempt', { options: [option('tempt', 1, 'end'), option('tempt', 2, 'end', flag)] }),
    ]);
    const pick = seekItemPicker(scenes, 'Spam Flag');
    expect(pick([option('x', 1, 'plain'), option('x', 2, 'tempt')], at).id).toBe('x--2');
    expect(pick([option('x', 1, 'tempt'), option('x', 2, 'end', flag)], at).id).toBe('x--2');
    expect(pick([option('x', 1, 'plain'), option('x', 2, 'end')], at).id).toBe('x--1');
  });

  it('the shortcut buyer buys, then keeps tricks, then heads for a shop, then spends the most', () => {
    const buy = { stats_changes: { gold: -5, addInventory: ['Bought: links'] } };
    const keep = { stats_changes: { addInventory: ['Spam Flag'] } };
    const scenes = byId([scene('shop', { options: [option('shop', 1, 'end', buy)] })]);
    const pick = shortcutPicker(scenes, 'Spam Flag');
    const dear = option('x', 1, 'end', { stats_changes: { gold: -40 } });
    expect(pick([dear, option('x', 2, 'end', buy)], at).id).toBe('x--2');
    expect(pick([dear, option('x', 2, 'end', keep)], at).id).toBe('x--2');
    expect(pick([dear, option('x', 2, 'shop')], at).id).toBe('x--2');
    expect(pick([option('x', 2, 'end', { stats_changes: { gold: 0 } }), dear], at).id).toBe('x--1');
  });

  it('the sound player takes a lesson without a purchase, else the best SEO Ranking', () => {
    const lesson = (health: number, extra: string[] = []) => ({
      stats_changes: { health, addInventory: ['Lesson: titles', ...extra] },
    });
    const big = option('x', 1, 'end', { stats_changes: { health: 9 } });
    expect(soundPicker([big, option('x', 2, 'end', lesson(1))], at).id).toBe('x--2');
    expect(soundPicker([big, option('x', 2, 'end', lesson(5, ['Bought: a course']))], at).id).toBe(
      'x--1',
    );
    expect(
      soundPicker([option('x', 2, 'end', lesson(2)), option('x', 3, 'end', lesson(4))], at).id,
    ).toBe('x--3');
  });
});
