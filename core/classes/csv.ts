import type { ClassDecision, StudentRow } from '../api/classes.ts';
import { STAT_LABELS } from '../game/stats.ts';
import { STAT_KEYS } from '../game/stats.types.ts';

/**
 * The byte-order mark that tells spreadsheets (Excel above all) the file is UTF-8: without it
 * 'Zoë Müller' opens as 'ZoÃ« MÃ¼ller'.
 */
export const CSV_BOM = '\uFEFF';

/** Lists inside one cell: not ',' nor ';', the separators of spreadsheets by locale. */
const LIST = ' | ';

/**
 * One CSV field: quoted when it holds a comma, semicolon, quote or line break (so a spreadsheet
 * that splits on ';' keeps the cell whole); a text a spreadsheet would run as a formula
 * (=, +, -, @, tab) gets a leading apostrophe, since names are typed by students.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** An ISO time as 'YYYY-MM-DD HH:MM:SS' in `timeZone`, which spreadsheets read as a date and time. */
function csvTime(iso: string | null, timeZone: string): string | null {
  if (!iso) return null;
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).format(new Date(iso));
}

/** Whole minutes from a student's start to their last decision (null before the first). */
function minutesPlayed(s: Pick<StudentRow, 'startedAt' | 'lastChoiceAt'>): number | null {
  if (!s.lastChoiceAt) return null;
  return Math.max(0, Math.round((Date.parse(s.lastChoiceAt) - Date.parse(s.startedAt)) / 60_000));
}

const file = (rows: (string | number | null)[][]) =>
  `${CSV_BOM}${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;

/**
 * The class page's rows as CSV (docs/class-mode.md 'Export'): a byte-order mark, a header row,
 * one line per student, CRLF line ends, lists joined with ' | ', times in `timeZone`.
 */
export function studentsCsv(
  students: readonly StudentRow[],
  decisions: readonly ClassDecision[] = [],
  timeZone = 'UTC',
): string {
  const optionText = new Map(decisions.flatMap((d) => d.options.map((o) => [o.id, o.text])));
  const rows: (string | number | null)[][] = [
    [
      'Name',
      'Day',
      'Scene',
      'Ending',
      'Search position',
      ...STAT_KEYS.map((k) => STAT_LABELS[k]),
      'Choices',
      'Picks where a better option existed',
      'Lessons learned',
      'Shortcuts bought',
      `Joined (${timeZone})`,
      `Last played (${timeZone})`,
      'Minutes played',
      'Path',
    ],
  ];
  for (const s of students) {
    rows.push([
      s.name,
      s.day,
      s.sceneTitle,
      s.ending,
      s.position,
      ...STAT_KEYS.map((k) => s.stats?.[k] ?? null),
      s.choices,
      s.weakPicks,
      s.lessons.join(LIST),
      s.bought.join(LIST),
      csvTime(s.joinedAt, timeZone),
      csvTime(s.lastPlayedAt, timeZone),
      minutesPlayed(s),
      s.path
        .map((id) => optionText.get(id))
        .filter(Boolean)
        .join(LIST),
    ]);
  }
  return file(rows);
}

/**
 * One decision as CSV: a line per option with its count first (how the class split), then a line
 * per student who made it with the option they took.
 */
export function decisionCsv(decision: ClassDecision, students: readonly StudentRow[]): string {
  const rows: (string | number | null)[][] = [
    ['Decision', decision.sceneTitle, decision.day === null ? null : `Day ${decision.day}`],
    ['Option', 'Students', 'Better option', 'A better option was', 'Lessons', 'Shortcuts'],
  ];
  for (const o of decision.options) {
    rows.push([
      o.text,
      o.count,
      o.better ? 'yes' : '',
      o.betterWas?.text ?? '',
      o.lessons.join(LIST),
      o.bought.join(LIST),
    ]);
  }
  rows.push([], ['Name', 'Option taken']);
  const ids = new Map(decision.options.map((o) => [o.id, o.text]));
  for (const s of students) {
    const taken = s.path.filter((id) => ids.has(id)).map((id) => ids.get(id)!);
    if (taken.length > 0) rows.push([s.name, taken.join(LIST)]);
  }
  return file(rows);
}
