import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminConsultantInput,
  AdminConsultantView,
  ConsultantAction,
} from '../../../../core/api/admin-world-site.ts';
import { apiFetch } from '../../../lib/api.ts';

const KEY = ['admin', 'consultants'] as const;

/** GET /api/admin/consultants: every consultant, newest first, with e-mail and status. */
export function useAdminConsultants() {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) =>
      apiFetch<{ consultants: AdminConsultantView[] }>('/api/admin/consultants', {
        signal,
      }).then((r) => r.consultants),
  });
}

export function useConsultantMutations() {
  const qc = useQueryClient();
  const settle = { onSettled: () => qc.invalidateQueries({ queryKey: KEY }) };
  return {
    add: useMutation({
      mutationFn: (input: AdminConsultantInput) =>
        apiFetch<AdminConsultantView>('/api/admin/consultants', { body: input }),
      ...settle,
    }),
    act: useMutation({
      mutationFn: ({ id, action }: { id: string; action: ConsultantAction }) =>
        apiFetch<AdminConsultantView>(`/api/admin/consultants/${encodeURIComponent(id)}/status`, {
          body: { action },
        }),
      ...settle,
    }),
    remove: useMutation({
      mutationFn: (id: string) =>
        apiFetch(`/api/admin/consultants/${encodeURIComponent(id)}`, { method: 'DELETE' }),
      ...settle,
    }),
  };
}
