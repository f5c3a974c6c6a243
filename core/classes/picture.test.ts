import { describe, expect, it } from 'vitest';
import { betterOption, dominates, type OptionFacts, optionFacts } from './better-options.ts';
import { classPicture } from './picture.ts';
import { isClassCode, normaliseClassCode } from './rules.ts';

const opt = (id: string, changes: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  optionFacts({ id, scenario_id: 's1', text: `Option ${id}`, stats_changes: changes, ...extra });

describe('better options (docs/class-mode.md)', () => {
  const lesson = opt('lesson', { gold: -10, addInventory: ['Lesson: Write real titles'] });
  const shortcut = opt('shortcut', {
    gold: -60,
    health: 10,
    addInventory: ["Bought: 'Guaranteed #1'"],
  });
  const plain = opt('plain', { gold: 0, charisma: 2 });

  it('reads lessons, purchases and the default cost from an option', () => {
    expect(lesson.lessons).toEqual(['Write real titles']);
    expect(shortcut.bought).toEqual(["'Guaranteed #1'"]);
    expect(opt('x', {}).changes.gold).toBe(-5);
  });

  it('a shortcut where a lesson was on offer; an option teaching nothing; none for the lesson', () => {
    const all = [lesson, shortcut, plain];
    expect(betterOption(shortcut, all)).toMatchObject({ option: lesson, reason: 'shortcut' });
    expect(betterOption(plain, all)).toMatchObject({ option: lesson, reason: 'lesson' });
    expect(betterOption(lesson, all)).toBeNull();
  });

  it('stat dominance counts lower Delusion as better, and a conditional option is never the better one', () => {
    const a = opt('a', { gold: -5, delusion: 3 });
    const b = opt('b', { gold: -5, delusion: 1 });
    expect(dominates(b, a)).toBe(true);
    expect(dominates(a, b)).toBe(false);
    expect(betterOption(a, [a, b])).toMatchObject({ option: b, reason: 'stats' });
    const locked = opt('b', { gold: -5, delusion: 1 }, { required_stats: { intelligence: 20 } });
    expect(betterOption(a, [a, locked])).toBeNull();
  });

  it('the picture counts days, endings, weak picks, missed lessons and shortcuts', () => {
    const story = {
      optionsByScene: new Map<string, OptionFacts[]>([['s1', [lesson, shortcut, plain]]]),
      sceneTitle: (id: string) => (id === 's1' ? 'The Blank Page' : id),
    };
    const students = [
      { id: 'u1', day: 1, ending: null, lessons: [], bought: ["'Guaranteed #1'"] },
      { id: 'u2', day: 5, ending: 'Rank #1', lessons: ['Write real titles'], bought: [] },
      { id: 'u3', day: null, ending: null, lessons: [], bought: [] },
    ];
    const choices = [
      { playerId: 'u1', sceneId: 's1', optionId: 'shortcut' },
      { playerId: 'u2', sceneId: 's1', optionId: 'lesson' },
    ];
    const p = classPicture(students, choices, story);
    expect(p.byDay).toEqual([
      { day: null, count: 1 },
      { day: 1, count: 1 },
      { day: 5, count: 1 },
    ]);
    expect(p.endings).toEqual([{ title: 'Rank #1', count: 1 }]);
    expect(p.stillPlaying).toBe(2);
    expect(p.weakPicks).toEqual([
      {
        sceneTitle: 'The Blank Page',
        option: 'Option shortcut',
        better: 'Option lesson',
        reason: 'shortcut',
        count: 1,
      },
    ]);
    expect(p.missedLessons).toEqual([{ lesson: 'Write real titles', students: 1 }]);
    expect(p.shortcuts).toEqual([{ item: "'Guaranteed #1'", students: 1 }]);
  });
});

describe('join codes', () => {
  it('are read as typed: case, spaces and dashes do not matter; confusable characters never', () => {
    expect(normaliseClassCode(' k7m-2qx ')).toBe('K7M2QX');
    expect(isClassCode('K7M2QX')).toBe(true);
    for (const bad of ['K7M2Q', 'K7M2QXX', 'K7M2Q0', 'K7M2QO', 'K7M2Q1', 'K7M2QI', 'K7M2QL']) {
      expect(isClassCode(bad), bad).toBe(false);
    }
  });
});
