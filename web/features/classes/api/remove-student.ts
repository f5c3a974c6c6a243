import type { ClassActionResult } from '../../../../core/api/classes.ts';
import { apiFetch } from '../../../lib/api.ts';
import { classPath } from './class-keys.ts';

/** DELETE .../students/:sid: answers how to undo it. */
export const removeStudent = (id: string, studentId: string) =>
  apiFetch<ClassActionResult>(`${classPath(id)}/students/${encodeURIComponent(studentId)}`, {
    method: 'DELETE',
  });
