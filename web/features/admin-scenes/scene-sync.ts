import { useEffect } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { SceneWithOptions } from '../../../core/api/admin-scenes.ts';
import {
  keepMine,
  type SceneFormValues,
  sceneFormOf,
} from '../../../core/api/admin-scenes-form.ts';

/**
 * The form after the scene changed on the server beside it (a link drawn on the story map while
 * the scene is open in the side panel): every field the author changed keeps their value, every
 * other field takes the server's; options the server gained (not in `base`) are added to the
 * author's own list, so a drawn link is neither lost nor undone by the next save.
 */
export function withTheirs(
  base: SceneFormValues,
  mine: SceneFormValues,
  theirs: SceneFormValues,
): SceneFormValues {
  const merged = keepMine(base, mine, theirs);
  if (merged.options === theirs.options) return merged;
  const known = new Set(base.options.map((o) => o.id).filter(Boolean));
  const gained = theirs.options.filter((o) => o.id && !known.has(o.id));
  return { ...merged, options: [...merged.options, ...gained] };
}

/**
 * In the map's side panel the scene can change on the server beside the form (a link drawn on the
 * map): when a newer version of it arrives, the form takes it in (withTheirs) and the editor's
 * base and version move on, so the next save does not conflict and undoes nothing.
 */
export function useServerSync({
  enabled,
  loaded,
  base,
  version,
  form,
  take,
}: {
  enabled: boolean;
  loaded: SceneWithOptions | null;
  base: SceneWithOptions | null;
  version: number | null;
  form: UseFormReturn<SceneFormValues>;
  take: (scene: SceneWithOptions) => void;
}) {
  const newer = enabled && loaded && base && loaded.scene.version > (version ?? 0) ? loaded : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per newer server version
  useEffect(() => {
    if (!newer || !base) return;
    const typed = form.formState.isDirty;
    const merged = withTheirs(sceneFormOf(base), form.getValues(), sceneFormOf(newer));
    form.reset(sceneFormOf(newer));
    if (typed) form.reset(merged, { keepDefaultValues: true });
    take(newer);
  }, [newer]);
}
