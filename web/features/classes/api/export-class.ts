import { classPath } from './class-keys.ts';

/**
 * GET .../export.csv: the address a plain link downloads with the session cookie; the browser's
 * time zone goes with it (the file's times are written in it), and a decision's scene id
 * exports that decision.
 */
export function exportPath(id: string, decision?: string): string {
  const query = new URLSearchParams();
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (tz) query.set('tz', tz);
  if (decision) query.set('decision', decision);
  return `${classPath(id)}/export.csv?${query}`;
}
