import type { StudentRow } from '../api/classes.ts';
import { STAT_LABELS } from '../game/stats.ts';
import { STAT_KEYS } from '../game/stats.types.ts';

/**
 * One CSV field: quoted when it holds a comma, quote or line break; a text a spreadsheet would
 * run as a formula (=, +, -, @, tab) gets a leading apostrophe, since names are typed by students.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The class page's rows as CSV (header row first, CRLF line ends, lists joined with '; '). */
export function studentsCsv(students: readonly StudentRow[]): string {
  const header = [
    'Name',
    'Day',
    'Scene',
    'Ending',
    'Search position',
    ...STAT_KEYS.map((k) => STAT_LABELS[k]),
    'Choices',
    'Lessons learned',
    'Shortcuts bought',
    'Joined',
    'Last played',
  ];
  const lines = [header.map(csvField).join(',')];
  for (const s of students) {
    const fields: (string | number | null)[] = [
      s.name,
      s.day,
      s.sceneTitle,
      s.ending,
      s.position,
      ...STAT_KEYS.map((k) => s.stats?.[k] ?? null),
      s.choices,
      s.lessons.join('; '),
      s.bought.join('; '),
      s.joinedAt,
      s.lastPlayedAt,
    ];
    lines.push(fields.map(csvField).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
