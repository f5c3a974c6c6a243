import type { ClassInfo } from '../../../../core/api/classes.ts';
import { apiFetch } from '../../../lib/api.ts';

/** POST /api/teach/classes. */
export const createClass = (name: string) =>
  apiFetch<ClassInfo>('/api/teach/classes', { method: 'POST', body: { name } });
