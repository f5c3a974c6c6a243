import { useQuery } from '@tanstack/react-query';
import type { ClassPage } from '../../../../core/api/classes.ts';
import { apiFetch } from '../../../lib/api.ts';
import { classKeys, classPath } from './class-keys.ts';

/** GET /api/teach/classes/:id: the class page (refreshed by the live stream, see use-class-live). */
export function useClassPage(id: string) {
  return useQuery<ClassPage>({
    queryKey: classKeys.page(id),
    queryFn: ({ signal }) => apiFetch(classPath(id), { signal }),
    retry: false,
  });
}
