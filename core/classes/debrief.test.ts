import { describe, expect, it } from 'vitest';
import { optionFacts } from './better-options.ts';
import { classDecisions } from './debrief.ts';

const opt = (id: string, scene: string, changes: Record<string, unknown>) =>
  optionFacts({ id, scenario_id: scene, text: `Option ${id}`, stats_changes: changes });

const story = {
  optionsByScene: new Map([
    [
      'titles',
      [
        opt('real', 'titles', { addInventory: ['Lesson: Write real titles'] }),
        opt('stuff', 'titles', { health: 2 }),
      ],
    ],
    ['links', [opt('earn', 'links', { charisma: 2 }), opt('buy', 'links', { gold: -50 })]],
    ['only', [opt('next', 'only', {})]],
  ]),
  sceneTitle: (id: string) => id.toUpperCase(),
  sceneDay: (id: string) => (id === 'links' ? 2 : 1),
};

describe('the debrief (docs/class-mode.md "Debrief")', () => {
  it('splits the class at each decision, names the better option and its lesson, in story order', () => {
    const at = '2026-01-01T09:00:00.000Z';
    const decisions = classDecisions(
      [
        { playerId: 'a', sceneId: 'only', optionId: 'next', at },
        { playerId: 'a', sceneId: 'links', optionId: 'buy', at },
        { playerId: 'b', sceneId: 'titles', optionId: 'stuff', at },
        { playerId: 'c', sceneId: 'titles', optionId: 'stuff', at },
        { playerId: 'd', sceneId: 'titles', optionId: 'real', at },
      ],
      story,
    );
    // A scene with one option is no decision; day 1 before day 2.
    expect(decisions.map((d) => d.sceneId)).toEqual(['titles', 'links']);
    const titles = decisions[0]!;
    expect(titles).toMatchObject({ sceneTitle: 'TITLES', day: 1, students: 3 });
    expect(titles.options).toEqual([
      expect.objectContaining({
        id: 'real',
        count: 1,
        better: true,
        lessons: ['Write real titles'],
      }),
      expect.objectContaining({
        id: 'stuff',
        count: 2,
        better: false,
        betterWas: { text: 'Option real', reason: 'lesson' },
      }),
    ]);
    // 'earn' beats 'buy' on every stat (no cost counted against it, charisma up).
    expect(decisions[1]!.options.find((o) => o.id === 'earn')).toMatchObject({
      count: 0,
      better: true,
    });
  });
});
