import { apiFetch } from '../../../lib/api.ts';
import { classPath } from './class-keys.ts';

/** DELETE /api/teach/classes/:id. */
export const deleteClass = (id: string) => apiFetch(classPath(id), { method: 'DELETE' });
