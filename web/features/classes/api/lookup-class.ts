import type { JoinLookup } from '../../../../core/api/classes.ts';
import { apiFetch } from '../../../lib/api.ts';

/** GET /api/join/:code. */
export const lookupClass = (code: string, signal?: AbortSignal) =>
  apiFetch<JoinLookup>(`/api/join/${encodeURIComponent(code)}`, { signal });
