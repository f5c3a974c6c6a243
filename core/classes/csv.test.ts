import { describe, expect, it } from 'vitest';
import type { ClassDecision, StudentRow } from '../api/classes.ts';
import { CSV_BOM, csvField, decisionCsv, studentsCsv } from './csv.ts';

const student = (over: Partial<StudentRow> = {}): StudentRow => ({
  id: 'u1',
  name: 'Zoë Müller',
  sceneId: 'intro',
  sceneTitle: 'Boot',
  day: 1,
  ending: null,
  position: 48,
  stats: {
    health: 5,
    strength: 1,
    intelligence: 2,
    charisma: 3,
    gold: 40,
    delusion: 0,
    revenue: 0,
  },
  choices: 2,
  lessons: ['A', 'B; C'],
  bought: [],
  joinedAt: '2026-01-01T09:00:00.000Z',
  lastPlayedAt: '2026-01-01T09:12:00.000Z',
  startedAt: '2026-01-01T09:00:00.000Z',
  path: ['o1', 'o9'],
  lastChoiceAt: '2026-01-01T09:12:00.000Z',
  weakPicks: 1,
  ...over,
});

const decision: ClassDecision = {
  sceneId: 's1',
  sceneTitle: 'Titles',
  day: 1,
  students: 1,
  options: [
    {
      id: 'o1',
      text: 'Write real titles',
      count: 1,
      better: true,
      betterWas: null,
      lessons: ['Titles'],
      bought: [],
    },
    {
      id: 'o2',
      text: 'Stuff keywords',
      count: 0,
      better: false,
      betterWas: { text: 'Write real titles', reason: 'lesson' },
      lessons: [],
      bought: [],
    },
  ],
};

describe('class CSV (docs/class-mode.md "Export")', () => {
  it('quotes what needs quoting (semicolons too) and defuses formulas typed as names', () => {
    expect(csvField('Ada, L')).toBe('"Ada, L"');
    expect(csvField('Ada; L')).toBe('"Ada; L"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField(-3)).toBe('-3');
    expect(csvField(null)).toBe('');
  });

  it('starts with a byte-order mark, has a header and one line per student, times in the zone', () => {
    const csv = studentsCsv([student()], [decision], 'Europe/Berlin');
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    const [head, row, end] = csv.slice(1).split('\r\n');
    expect(head).toMatch(/^Name,Day,Scene,Ending,Search position,SEO Ranking,/);
    expect(head).toContain('Joined (Europe/Berlin)');
    expect(row).toBe(
      'Zoë Müller,1,Boot,,48,5,1,2,3,40,0,0,2,1,"A | B; C",,2026-01-01 10:00:00,2026-01-01 10:12:00,12,Write real titles',
    );
    expect(end).toBe('');
  });

  it('a decision: the split per option, then who took what', () => {
    const lines = decisionCsv(decision, [student(), student({ id: 'u2', name: 'Bo', path: [] })])
      .slice(1)
      .split('\r\n');
    expect(lines[0]).toBe('Decision,Titles,Day 1');
    expect(lines[2]).toBe('Write real titles,1,yes,,Titles,');
    expect(lines[3]).toBe('Stuff keywords,0,,Write real titles,,');
    expect(lines.slice(5)).toEqual(['Name,Option taken', 'Zoë Müller,Write real titles', '']);
  });
});
