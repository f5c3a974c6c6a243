import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminOption,
  OptionInput,
  OptionSaveResponse,
} from '../../../../core/api/admin-scene-options.ts';
import type {
  CreateSceneInput,
  IncomingLink,
  SceneListResponse,
  SceneWithOptions,
  UpdateSceneInput,
} from '../../../../core/api/admin-scenes.ts';
import { ApiError, apiFetch } from '../../../lib/api.ts';

const enc = encodeURIComponent;
const sceneKeys = {
  all: ['admin', 'scenes'] as const,
  list: (q: string, page: number) => ['admin', 'scenes', 'list', q, page] as const,
  one: (id: string) => ['admin', 'scenes', 'one', id] as const,
};

/** GET /api/admin/scenes?q&page: one page of the list, searched on the server. */
export function useSceneList(q: string, page: number) {
  return useQuery({
    queryKey: sceneKeys.list(q, page),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(page) });
      if (q) params.set('q', q);
      return apiFetch<SceneListResponse>(`/api/admin/scenes?${params}`, { signal });
    },
    placeholderData: keepPreviousData,
  });
}

/**
 * GET /api/admin/scenes/:id: whether a scene has this ID. A check that gets no answer counts as
 * yes (the scene's save checks again).
 */
export async function sceneExists(id: string): Promise<boolean> {
  try {
    await apiFetch(`/api/admin/scenes/${enc(id)}`);
    return true;
  } catch (err) {
    return !(err instanceof ApiError && err.status === 404);
  }
}

/**
 * GET /api/admin/scenes/:id and its options. When only the options fail to load, the editor still
 * opens (product rules "Messages": 'Failed to load scene options, but proceeding with scene editing').
 */
export function useAdminScene(id: string | undefined) {
  return useQuery({
    queryKey: sceneKeys.one(id ?? ''),
    enabled: Boolean(id),
    retry: false,
    queryFn: async ({ signal }): Promise<SceneWithOptions & { optionsFailed: boolean }> => {
      const path = `/api/admin/scenes/${enc(id ?? '')}`;
      const [{ scene }, options] = await Promise.all([
        apiFetch<{ scene: SceneWithOptions['scene'] }>(path, { signal }),
        apiFetch<{ options: AdminOption[] }>(`${path}/options`, { signal }).then(
          (r) => r.options,
          (err: unknown) => (err instanceof ApiError && err.status === 404 ? [] : null),
        ),
      ]);
      return { scene, options: options ?? [], optionsFailed: options === null };
    },
  });
}

/** Scene saves wait as long as the server may take: a slow save is not reported as failed. */
const SAVE_TIMEOUT_MS = 60_000;

/** GET /api/admin/scenes/:id/incoming: the options that lead to a scene (before deleting it). */
export function useIncomingLinks(id: string | null) {
  return useQuery({
    queryKey: ['admin', 'scenes', 'incoming', id ?? ''],
    enabled: Boolean(id),
    queryFn: ({ signal }) =>
      apiFetch<{ links: IncomingLink[] }>(`/api/admin/scenes/${enc(id ?? '')}/incoming`, {
        signal,
      }).then((r) => r.links),
  });
}

/** The scene admin's mutations; every one refreshes the scene queries (list, editor, map). */
export function useSceneMutations() {
  const qc = useQueryClient();
  const settle = { onSettled: () => qc.invalidateQueries({ queryKey: sceneKeys.all }) };
  return {
    create: useMutation({
      mutationFn: (input: CreateSceneInput) =>
        apiFetch<SceneWithOptions>('/api/admin/scenes', {
          body: input,
          timeoutMs: SAVE_TIMEOUT_MS,
        }),
      ...settle,
    }),
    update: useMutation({
      mutationFn: ({ id, input }: { id: string; input: UpdateSceneInput }) =>
        apiFetch<SceneWithOptions>(`/api/admin/scenes/${enc(id)}`, {
          method: 'PUT',
          body: input,
          timeoutMs: SAVE_TIMEOUT_MS,
        }),
      ...settle,
    }),
    setInitial: useMutation({
      mutationFn: (id: string) =>
        apiFetch<{ id: string }>(`/api/admin/scenes/${enc(id)}/initial`, { method: 'POST' }),
      ...settle,
    }),
    remove: useMutation({
      mutationFn: ({ id, placeholders }: { id: string; placeholders: boolean }) =>
        apiFetch(`/api/admin/scenes/${enc(id)}?links=${placeholders ? 'placeholder' : 'keep'}`, {
          method: 'DELETE',
        }),
      ...settle,
    }),
    saveOption: useMutation({
      mutationFn: ({
        sceneId,
        optionId,
        input,
      }: {
        sceneId: string;
        optionId?: string;
        input: OptionInput;
      }) =>
        optionId
          ? apiFetch<OptionSaveResponse>(
              `/api/admin/scenes/${enc(sceneId)}/options/${enc(optionId)}`,
              {
                method: 'PUT',
                body: input,
              },
            )
          : apiFetch<OptionSaveResponse>(`/api/admin/scenes/${enc(sceneId)}/options`, {
              body: input,
            }),
      ...settle,
    }),
    removeOption: useMutation({
      mutationFn: (o: Pick<AdminOption, 'id' | 'sceneId'>) =>
        apiFetch(`/api/admin/scenes/${enc(o.sceneId)}/options/${enc(o.id)}`, { method: 'DELETE' }),
      ...settle,
    }),
  };
}
