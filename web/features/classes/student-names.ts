import type { StudentRow } from '../../../core/api/classes.ts';

/**
 * How students are named on a shared screen: their own names, or, with names hidden (the
 * projector), 'Student N' by the order they joined, so the class can talk about a row without
 * anyone being singled out.
 */
export function studentNamer(
  students: readonly StudentRow[],
  hidden: boolean,
): (s: Pick<StudentRow, 'id' | 'name'>) => string {
  if (!hidden) return (s) => s.name;
  const order = [...students].sort(
    (a, b) => a.joinedAt.localeCompare(b.joinedAt) || a.id.localeCompare(b.id),
  );
  const alias = new Map(order.map((s, i) => [s.id, `Student ${i + 1}`]));
  return (s) => alias.get(s.id) ?? 'Student';
}
