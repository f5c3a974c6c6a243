import { useQuery } from '@tanstack/react-query';
import type {
  ClassInfo,
  ClassList,
  ClassPage,
  JoinLookup,
  JoinResponse,
} from '../../../core/api/classes.ts';
import { apiFetch } from '../../lib/api.ts';

/** Query keys of class mode. */
export const classKeys = {
  list: () => ['teach', 'classes'] as const,
  page: (id: string) => ['teach', 'class', id] as const,
};

/** GET /api/teach/classes: the teacher's classes. */
export function useClassList(enabled: boolean) {
  return useQuery<ClassList>({
    queryKey: classKeys.list(),
    queryFn: ({ signal }) => apiFetch('/api/teach/classes', { signal }),
    enabled,
    retry: false,
  });
}

/** GET /api/teach/classes/:id: the class page (refreshed by the live stream, see use-class-live). */
export function useClassPage(id: string) {
  return useQuery<ClassPage>({
    queryKey: classKeys.page(id),
    queryFn: ({ signal }) => apiFetch(`/api/teach/classes/${encodeURIComponent(id)}`, { signal }),
    retry: false,
  });
}

/** POST /api/teach/classes. */
export const createClass = (name: string) =>
  apiFetch<ClassInfo>('/api/teach/classes', { method: 'POST', body: { name } });

const classPath = (id: string) => `/api/teach/classes/${encodeURIComponent(id)}`;

/** PATCH /api/teach/classes/:id { open }. */
export const setClassOpen = (id: string, open: boolean) =>
  apiFetch(classPath(id), { method: 'PATCH', body: { open } });

/** DELETE /api/teach/classes/:id. */
export const deleteClass = (id: string) => apiFetch(classPath(id), { method: 'DELETE' });

/** POST .../students/:sid/reset. */
export const resetStudent = (id: string, studentId: string) =>
  apiFetch(`${classPath(id)}/students/${encodeURIComponent(studentId)}/reset`, { method: 'POST' });

/** DELETE .../students/:sid. */
export const removeStudent = (id: string, studentId: string) =>
  apiFetch(`${classPath(id)}/students/${encodeURIComponent(studentId)}`, { method: 'DELETE' });

/** The CSV export's address (a plain link downloads it with the session cookie). */
export const exportPath = (id: string) => `${classPath(id)}/export.csv`;

/** GET /api/join/:code. */
export const lookupClass = (code: string, signal?: AbortSignal) =>
  apiFetch<JoinLookup>(`/api/join/${encodeURIComponent(code)}`, { signal });

/** POST /api/join/:code { name }. */
export const joinClass = (code: string, name: string) =>
  apiFetch<JoinResponse>(`/api/join/${encodeURIComponent(code)}`, {
    method: 'POST',
    body: { name },
  });
