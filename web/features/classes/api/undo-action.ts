import { apiFetch } from '../../../lib/api.ts';
import { classPath } from './class-keys.ts';

/** POST .../undo/:undoId: puts back what a Reset or Remove took. */
export const undoAction = (id: string, undoId: string) =>
  apiFetch(`${classPath(id)}/undo/${encodeURIComponent(undoId)}`, { method: 'POST' });
