import type { ClassActionResult } from '../../../../core/api/classes.ts';
import { apiFetch } from '../../../lib/api.ts';
import { classPath } from './class-keys.ts';

/** POST .../students/:sid/reset: answers how to undo it. */
export const resetStudent = (id: string, studentId: string) =>
  apiFetch<ClassActionResult>(`${classPath(id)}/students/${encodeURIComponent(studentId)}/reset`, {
    method: 'POST',
  });
