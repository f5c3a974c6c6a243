import type { JoinResponse } from '../../../../core/api/classes.ts';
import { apiFetch } from '../../../lib/api.ts';

/** POST /api/join/:code { name, replaceGame }. */
export const joinClass = (code: string, name: string, replaceGame = false) =>
  apiFetch<JoinResponse>(`/api/join/${encodeURIComponent(code)}`, {
    method: 'POST',
    body: replaceGame ? { name, replaceGame } : { name },
  });
