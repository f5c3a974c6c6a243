import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewsInput, NewsItemView } from '../../../../core/content/news.ts';
import { apiFetch } from '../../../lib/api.ts';

const KEY = ['admin', 'news'] as const;

/** GET /api/admin/news: every news item, newest first. */
export function useAdminNews() {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) =>
      apiFetch<{ items: NewsItemView[] }>('/api/admin/news', { signal }).then((r) => r.items),
  });
}

/** Add, update, toggle and delete; each refetches the list when it settles. */
export function useNewsMutations() {
  const qc = useQueryClient();
  const settle = { onSettled: () => qc.invalidateQueries({ queryKey: KEY }) };
  return {
    add: useMutation({
      mutationFn: (input: NewsInput) => apiFetch<NewsItemView>('/api/admin/news', { body: input }),
      ...settle,
    }),
    update: useMutation({
      mutationFn: ({ id, ...input }: NewsInput & { id: string }) =>
        apiFetch(`/api/admin/news/${encodeURIComponent(id)}`, { method: 'PUT', body: input }),
      ...settle,
    }),
    setActive: useMutation({
      mutationFn: ({ id, active }: { id: string; active: boolean }) =>
        apiFetch(`/api/admin/news/${encodeURIComponent(id)}/active`, {
          method: 'PATCH',
          body: { active },
        }),
      ...settle,
    }),
    remove: useMutation({
      mutationFn: (id: string) =>
        apiFetch(`/api/admin/news/${encodeURIComponent(id)}`, { method: 'DELETE' }),
      ...settle,
    }),
  };
}
