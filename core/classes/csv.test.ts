import { describe, expect, it } from 'vitest';
import { csvField, studentsCsv } from './csv.ts';

describe('class CSV', () => {
  it('quotes what needs quoting and defuses formulas typed as names', () => {
    expect(csvField('Ada, L')).toBe('"Ada, L"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField(-3)).toBe('-3');
    expect(csvField(null)).toBe('');
  });

  it('has a header and one line per student', () => {
    const csv = studentsCsv([
      {
        id: 'u1',
        name: 'Ada L',
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
        lessons: ['A', 'B'],
        bought: [],
        joinedAt: '2026-01-01T00:00:00.000Z',
        lastPlayedAt: null,
      },
    ]);
    const [head, row, end] = csv.split('\r\n');
    expect(head).toMatch(/^Name,Day,Scene,Ending,Search position,SEO Ranking,/);
    expect(row).toBe('Ada L,1,Boot,,48,5,1,2,3,40,0,0,2,A; B,,2026-01-01T00:00:00.000Z,');
    expect(end).toBe('');
  });
});
