import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';

/**
 * An admin collection at `/api/admin/{name}`: GET answers `{ [name]: T[] }` (or `{ items }`),
 * POST creates, PUT /:id updates, DELETE /:id deletes; every change refetches the list.
 */
export function useAdminCollection<T extends { id: string }, Input>(name: string, field = name) {
  const qc = useQueryClient();
  const path = `/api/admin/${name}`;
  const queryKey = ['admin', name];
  const settle = { onSettled: () => qc.invalidateQueries({ queryKey }) };
  const one = (id: string) => `${path}/${encodeURIComponent(id)}`;
  return {
    list: useQuery({
      queryKey,
      queryFn: ({ signal }) =>
        apiFetch<Record<string, T[]>>(path, { signal }).then((r) => r[field] ?? []),
    }),
    create: useMutation({
      mutationFn: (input: Input) => apiFetch<T>(path, { body: input }),
      ...settle,
    }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: string; input: Input }) =>
        apiFetch<T>(one(id), { method: 'PUT', body: input }),
      ...settle,
    }),
    patch: useMutation({
      mutationFn: ({ id, suffix, body }: { id: string; suffix: string; body: unknown }) =>
        apiFetch(`${one(id)}/${suffix}`, { method: 'PATCH', body }),
      ...settle,
    }),
    remove: useMutation({
      mutationFn: (id: string) => apiFetch(one(id), { method: 'DELETE' }),
      ...settle,
    }),
  };
}
