import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';

/**
 * One admin document read with GET and saved with PUT at the same path (the SEO settings, the
 * home page, a footer page, the font settings). Saving refreshes the cached copy.
 */
export function useAdminDocument<T, Input = Partial<T>>(path: string) {
  const qc = useQueryClient();
  const queryKey = ['admin', 'document', path];
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => apiFetch<T>(path, { signal }),
    retry: false,
  });
  const save = useMutation({
    mutationFn: (body: Input) => apiFetch<T>(path, { method: 'PUT', body }),
    onSuccess: (data) => qc.setQueryData(queryKey, data),
  });
  return { query, save };
}
