import type {
  CreateSceneInput,
  SceneWithOptions,
  UpdateSceneInput,
} from '../../../core/api/admin-scenes.ts';
import {
  optionFormOf,
  type SceneFormValues,
  toOptionInput,
  toSceneFields,
  toStatsConfig,
} from '../../../core/api/admin-scenes-form.ts';
import { extractDescriptionLinks } from '../../../core/api/admin-scenes-links.ts';

/**
 * The request one Save sends: the scene's fields, its stats (when it has any, or had), and its
 * whole option list, with the `[[Label->target]]` links of the description taken out and added
 * as placeholder options (they join an existing scene the target names).
 */
export function saveInput(
  v: SceneFormValues,
  base: SceneWithOptions | null,
  version: number | null,
  markInitial: boolean,
):
  | { kind: 'update'; id: string; body: UpdateSceneInput }
  | { kind: 'create'; body: CreateSceneInput } {
  const { description, links } = extractDescriptionLinks(v.description);
  const linked = links.map((l) => ({
    ...optionFormOf(null),
    text: l.label,
    nextSceneId: l.target,
    isPlaceholder: true,
  }));
  const options = [...v.options, ...linked].map(toOptionInput);
  const fields = toSceneFields({ ...v, description });
  const statsConfig = v.stats.length > 0 || base?.scene.statsConfig ? toStatsConfig(v) : undefined;
  if (base) {
    return {
      kind: 'update',
      id: base.scene.id,
      body: { ...fields, version: version ?? undefined, statsConfig, options },
    };
  }
  return {
    kind: 'create',
    body: {
      ...fields,
      id: v.id.trim(),
      isStart: markInitial,
      statsConfig,
      options: options.map(({ id: _, ...o }) => o),
    },
  };
}

/**
 * After a save: the options that lead to a scene no one has (they were saved; players who pick
 * them get 'Scene Not Found'), by their number in the editor's list, or null when none.
 */
export function brokenLinkWarning(saved: SceneWithOptions): string | null {
  const broken = saved.options.flatMap((o, i) =>
    o.isBroken ? [`Option ${i + 1} leads to '${o.nextSceneId}', which no scene has`] : [],
  );
  if (broken.length === 0) return null;
  return `${broken.join('; ')}. Players who pick it cannot go on until that scene exists.`;
}
