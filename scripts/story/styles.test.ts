import { describe, expect, it } from 'vitest';
import { greedyPicker, seekItemPicker, statDelta } from './styles.ts';
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
});
