import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminOption } from '../../../../core/api/admin-scene-options.ts';
import type { AdminScene, SceneWithOptions } from '../../../../core/api/admin-scenes.ts';
import type {
  HistoryKind,
  RevisionDiff,
  RevisionSummary,
  UndoEntry,
} from '../../../../core/api/history.ts';
import { apiFetch } from '../../../lib/api.ts';

const enc = encodeURIComponent;
const itemPath = (kind: HistoryKind, id: string) => `/api/admin/history/${kind}/${enc(id)}`;
const historyKey = ['admin', 'history'] as const;

/** GET /api/admin/history/:kind/:id: an item's revisions, newest first. */
export function useRevisions(kind: HistoryKind, id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...historyKey, kind, id],
    enabled,
    queryFn: ({ signal }) =>
      apiFetch<{ revisions: RevisionSummary[] }>(itemPath(kind, id), { signal }).then(
        (r) => r.revisions,
      ),
  });
}

/** GET /api/admin/history/:kind/:id/:revision: what a revision changes against now. */
export function useRevisionDiff(kind: HistoryKind, id: string, revision: number | null) {
  return useQuery({
    queryKey: [...historyKey, kind, id, revision],
    enabled: revision !== null,
    queryFn: ({ signal }) =>
      apiFetch<RevisionDiff>(`${itemPath(kind, id)}/${revision}`, { signal }),
  });
}

/** POST .../:revision/restore; every admin query is refreshed after (lists, editor, map). */
export function useRestoreRevision(kind: HistoryKind, id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ revision, version }: { revision: number; version?: number }) =>
      apiFetch<{ revision: number }>(`${itemPath(kind, id)}/${revision}/restore`, {
        body: version === undefined ? {} : { version },
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** GET /api/admin/undo: deletes and imports of the last 30 days. */
export function useUndoList() {
  return useQuery({
    queryKey: [...historyKey, 'undo'],
    queryFn: ({ signal }) =>
      apiFetch<{ entries: UndoEntry[] }>('/api/admin/undo', { signal }).then((r) => r.entries),
  });
}

/**
 * POST /api/admin/undo/:id: puts a deleted item back, or the content before an import. Without
 * `confirm`, an undo that would remove or overwrite later work answers 409 LATER_WORK naming it.
 */
export function useUndo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, confirm = false }: { id: string; confirm?: boolean }) =>
      apiFetch<{ entry: UndoEntry }>(`/api/admin/undo/${enc(id)}`, {
        method: 'POST',
        body: { confirm },
        // Undoing a big import writes it back in slices, as long as the import took (the server
        // keeps the request open up to 15 minutes): wait as long, as the import page does.
        timeoutMs: 15 * 60_000,
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** The scene and its options as the server has them now (the editor after a restore). */
export async function fetchSceneWithOptions(id: string): Promise<SceneWithOptions> {
  const path = `/api/admin/scenes/${enc(id)}`;
  const [{ scene }, { options }] = await Promise.all([
    apiFetch<{ scene: AdminScene }>(path),
    apiFetch<{ options: AdminOption[] }>(`${path}/options`),
  ]);
  return { scene, options };
}
