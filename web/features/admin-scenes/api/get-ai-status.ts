import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AiStatus } from '../../../../core/api/admin-scenes.ts';
import { apiFetch } from '../../../lib/api.ts';

/** GET /api/admin/ai/status: whether a text-generation provider is configured on the server. */
function getAiStatus(signal?: AbortSignal): Promise<AiStatus> {
  return apiFetch<AiStatus>('/api/admin/ai/status', { signal });
}

/** Query options of the AI status. */
function aiStatusQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'ai', 'status'],
    queryFn: ({ signal }) => getAiStatus(signal),
  });
}

/** Whether 'Generate with AI' can run. */
export function useAiStatus() {
  return useQuery(aiStatusQueryOptions());
}
