import { describe, expect, it } from 'vitest';
import type { StudentRow } from '../../../core/api/classes.ts';
import { ago, IDLE_MS, minutesOf, passes, studentList } from './student-list.ts';

const NOW = Date.parse('2026-01-01T10:00:00.000Z');
const at = (msAgo: number) => new Date(NOW - msAgo).toISOString();
const row = (over: Partial<StudentRow>): StudentRow => ({
  id: over.name ?? 'x',
  name: 'x',
  sceneId: 'intro',
  sceneTitle: 'Boot',
  day: 1,
  ending: null,
  position: 48,
  stats: null,
  choices: 0,
  lessons: [],
  bought: [],
  joinedAt: at(20 * 60_000),
  lastPlayedAt: null,
  startedAt: at(20 * 60_000),
  path: [],
  lastChoiceAt: null,
  weakPicks: 0,
  ...over,
});

describe('the student list (docs/class-mode.md "The class page")', () => {
  const ada = row({ name: 'Ada', path: ['a'], choices: 9, lastChoiceAt: at(60_000), weakPicks: 4 });
  const ben = row({ name: 'Ben', path: ['a'], choices: 3, lastChoiceAt: at(IDLE_MS + 1) });
  const cy = row({ name: 'Cy' });
  const dee = row({
    name: 'Dee',
    path: ['a'],
    choices: 20,
    day: 5,
    ending: 'Manual Action',
    position: 80,
    lastChoiceAt: at(5 * 60_000),
  });

  it('filters: idle, no decision yet, wrong turns, endings off page one', () => {
    const names = (f: Parameters<typeof passes>[1]) =>
      [ada, ben, cy, dee].filter((s) => passes(s, f, NOW)).map((s) => s.name);
    expect(names('idle')).toEqual(['Ben', 'Cy']);
    expect(names('not-started')).toEqual(['Cy']);
    expect(names('wrong-turns')).toEqual(['Ada']);
    expect(names('off-page-one')).toEqual(['Dee']);
  });

  it('sorts by progress (an ending first), by name, and says minutes and the last move', () => {
    const byProgress = studentList([cy, ada, ben, dee], 'all', 'progress', true, NOW);
    expect(byProgress.map((s) => s.name)).toEqual(['Dee', 'Ada', 'Ben', 'Cy']);
    expect(studentList([dee, cy, ada], 'all', 'name', false, NOW).map((s) => s.name)).toEqual([
      'Ada',
      'Cy',
      'Dee',
    ]);
    expect(minutesOf(dee)).toBe(15);
    expect(minutesOf(cy)).toBeNull();
    expect(ago(ada.lastChoiceAt, NOW)).toBe('1 min ago');
    expect(ago(at(10_000), NOW)).toBe('just now');
  });
});
