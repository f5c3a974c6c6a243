import type { SceneEditorExtras } from '../../features/admin-scenes/scene-editor.tsx';
import { SceneAnalytics } from '../../features/analytics/scene-analytics.tsx';
import { itemsNeeded, PlayFromHereButton } from '../../features/story-map/play-from-here.tsx';

/**
 * The scene editor page composed with the other features: 'Play from here' (story-map) in its
 * header and the scene's analytics (analytics) under the form, once the scene is saved.
 */
export const sceneEditorExtras: SceneEditorExtras = {
  actions: ({ scene, options }, { unsaved, saveFirst }) => (
    <PlayFromHereButton
      sceneId={scene.id}
      sceneTitle={scene.title}
      returnTo={`/admin/scenes/${encodeURIComponent(scene.id)}`}
      neededItems={itemsNeeded(options)}
      unsaved={unsaved}
      beforeStart={saveFirst}
    />
  ),
  below: (scene) => <SceneAnalytics sceneId={scene.id} />,
};
