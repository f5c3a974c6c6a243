import { SceneHistoryButton } from '../../components/history/scene-history-button.tsx';
import type { SceneEditorExtras } from '../../features/admin-scenes/scene-editor.tsx';
import { SceneAnalytics } from '../../features/analytics/scene-analytics.tsx';
import { itemsNeeded, PlayFromHereButton } from '../../features/story-map/play-from-here.tsx';

/**
 * The scene editor page composed with the other features: 'Play from here' (story-map) and
 * 'History' (history) in its header and the scene's analytics (analytics) under the form, once
 * the scene is saved.
 */
export const sceneEditorExtras: SceneEditorExtras = {
  actions: (saved, { unsaved, saveFirst, replaceWith }) => (
    <>
      <PlayFromHereButton
        sceneId={saved.scene.id}
        sceneTitle={saved.scene.title}
        returnTo={`/admin/scenes/${encodeURIComponent(saved.scene.id)}`}
        neededItems={itemsNeeded(saved.options)}
        unsaved={unsaved}
        beforeStart={saveFirst}
      />
      <SceneHistoryButton saved={saved} unsaved={unsaved} onRestored={replaceWith} />
    </>
  ),
  below: (scene) => <SceneAnalytics sceneId={scene.id} />,
};
