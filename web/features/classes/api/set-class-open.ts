import { apiFetch } from '../../../lib/api.ts';
import { classPath } from './class-keys.ts';

/** PATCH /api/teach/classes/:id { open }. */
export const setClassOpen = (id: string, open: boolean) =>
  apiFetch(classPath(id), { method: 'PATCH', body: { open } });
