import { Link, useParams } from 'react-router';
import { buttonVariants } from '../../components/ui/button.tsx';
import { useAdminScene } from '../../features/admin-scenes/api.ts';
import { SceneEditor } from '../../features/admin-scenes/scene-editor.tsx';

/** /admin/scenes/{sceneId}: the scene editor for an existing scene. */
export function Component() {
  const { sceneId = '' } = useParams();
  const scene = useAdminScene(sceneId);
  if (scene.data) {
    return (
      <SceneEditor
        scene={scene.data.scene}
        options={scene.data.options}
        heading={`Edit Scene: ${scene.data.scene.title}`}
      />
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <h1 className="font-retro text-4xl leading-tight text-glow sm:text-5xl">Edit Scene</h1>
      {scene.isError ? (
        <>
          <p className="text-xl">{`The scene "${sceneId}" could not be found`}</p>
          <Link to="/admin/scenes" className={`${buttonVariants()} self-start`}>
            Return to Scenes List
          </Link>
        </>
      ) : (
        <p className="text-xl">Loading...</p>
      )}
    </div>
  );
}
