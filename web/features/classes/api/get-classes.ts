import { useQuery } from '@tanstack/react-query';
import type { ClassList } from '../../../../core/api/classes.ts';
import { apiFetch } from '../../../lib/api.ts';
import { classKeys } from './class-keys.ts';

/** GET /api/teach/classes: the teacher's classes. */
export function useClassList(enabled: boolean) {
  return useQuery<ClassList>({
    queryKey: classKeys.list(),
    queryFn: ({ signal }) => apiFetch('/api/teach/classes', { signal }),
    enabled,
    retry: false,
  });
}
