/** PostgreSQL's text form of a timestamptz in UTC: `2026-11-29 12:45:01.123456+00`. */
const UTC_TEXT = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;

/**
 * A timestamptz as PostgreSQL sends it, as the ISO string both engines store and answer
 * (`2026-11-29T12:45:01.123Z`: milliseconds, the rest cut off as Date does). A server in UTC
 * (the usual setting) sends the form above, taken apart as text: the parser runs for every
 * timestamp of every row, and `new Date(v).toISOString()` cost ~1.8 µs each (this ~0.3 µs).
 * Any other form (another time zone, a date BC) goes through Date; a year below 1000 (`0099-`),
 * which Date's reading of this form takes for 1999, comes out as it was stored.
 */
export function pgTimestamptzToIso(v: string): string {
  const m = UTC_TEXT.exec(v);
  if (!m) return new Date(v).toISOString();
  const ms = m[3] === undefined ? '000' : m[3].padEnd(3, '0').slice(0, 3);
  return `${m[1]}T${m[2]}.${ms}Z`;
}
