import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { WorldKind } from '../../../../core/content/world-kind.ts';
import { apiFetch } from '../../../lib/api.ts';

type View<K extends WorldKind> = z.output<K['viewSchema']>;
type Input<K extends WorldKind> = z.input<K['inputSchema']>;

/** The query key of a world collection's list. */
const worldKey = (kind: WorldKind) => ['admin', kind.path] as const;

/**
 * One world collection at `/api/admin/<path>` (server: routes/api/admin/world-collection.ts):
 * the list, and create, save, toggle and delete, each answering the item; every change
 * refetches the list when it settles.
 */
export function useWorldCollection<K extends WorldKind>(kind: K) {
  const qc = useQueryClient();
  const path = `/api/admin/${kind.path}`;
  const one = (id: string) => `${path}/${encodeURIComponent(id)}`;
  const settle = { onSettled: () => qc.invalidateQueries({ queryKey: worldKey(kind) }) };
  return {
    list: useQuery({
      queryKey: worldKey(kind),
      queryFn: ({ signal }) =>
        apiFetch<Record<string, View<K>[]>>(path, { signal }).then((r) => r[kind.listKey] ?? []),
    }),
    create: useMutation({
      mutationFn: (input: Input<K>) => apiFetch<View<K>>(path, { body: input }),
      ...settle,
    }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: string; input: Input<K> }) =>
        apiFetch<View<K>>(one(id), { method: 'PUT', body: input }),
      ...settle,
    }),
    setActive: useMutation({
      mutationFn: ({ id, active }: { id: string; active: boolean }) =>
        apiFetch<View<K>>(`${one(id)}/active`, { method: 'PATCH', body: { active } }),
      ...settle,
    }),
    remove: useMutation({
      mutationFn: (id: string) => apiFetch(one(id), { method: 'DELETE' }),
      ...settle,
    }),
  };
}
