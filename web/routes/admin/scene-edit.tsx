import { ArrowLeft, SearchX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { buttonVariants } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { useAdminScene } from '../../features/admin-scenes/api/scenes.ts';
import { SceneEditor } from '../../features/admin-scenes/scene-editor.tsx';
import { ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/toast.ts';
import { sceneEditorExtras } from './scene-editor-extras.tsx';

/** /admin/scenes/{sceneId}: the scene editor for an existing scene (product rules "Screens", "Messages" rules 'Scene admin'). */
export function Component() {
  const { sceneId = '' } = useParams();
  const scene = useAdminScene(sceneId);
  // A copy in the cache that is stale when the page opens (e.g. a placeholder of this scene was
  // just written elsewhere) is not edited: the editor waits for the fresh one, else it showed
  // the old options and its save could only conflict. Later refetches never reset the form.
  const [openedStale] = useState(() => (scene.data ? scene.isStale : false));
  const [openedAt] = useState(() => Date.now());
  const waitingFresh = openedStale && scene.isFetching && scene.dataUpdatedAt < openedAt;
  const notFound = scene.error instanceof ApiError && scene.error.status === 404;
  const optionsFailed = scene.data?.optionsFailed ?? false;

  useEffect(() => {
    if (scene.error && !notFound) {
      toast({ title: 'Failed to load scene data', variant: 'destructive', errorId: 'scene-load' });
    }
  }, [scene.error, notFound]);
  useEffect(() => {
    if (optionsFailed) {
      toast({
        title: 'Warning',
        description: 'Failed to load scene options, but proceeding with scene editing',
        variant: 'destructive',
        errorId: 'scene-options-load',
      });
    }
  }, [optionsFailed]);

  if (scene.data && !waitingFresh) {
    return (
      <SceneEditor
        key={scene.data.scene.id}
        saved={scene.data}
        extras={sceneEditorExtras}
        heading={`Edit Scene: ${scene.data.scene.title}`}
      />
    );
  }
  if (scene.error) {
    return (
      <Card className="mx-auto w-full max-w-xl" data-testid="scene-error">
        <CardHeader>
          <SearchX className="size-10 text-destructive" aria-hidden="true" />
          <CardTitle as="h1" className="text-4xl text-glow">
            {notFound ? 'Scene Not Found' : 'Failed to load scene data'}
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <p className="text-xl">
            {notFound
              ? `The scene "${sceneId}" could not be found`
              : 'The requested scene could not be found'}
          </p>
          <Link to="/admin/scenes" className={`${buttonVariants()} self-start`}>
            Return to Scenes List
          </Link>
        </CardContent>
      </Card>
    );
  }
  return (
    <Card className="mx-auto w-full max-w-xl">
      <CardHeader>
        <CardTitle as="h1" className="text-4xl text-glow">
          Edit Scene
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="text-xl" role="status">
          Loading...
        </p>
        <Link to="/admin/scenes" className={`${buttonVariants({ variant: 'outline' })} self-start`}>
          <ArrowLeft aria-hidden="true" /> Back to Scenes List
        </Link>
      </CardContent>
    </Card>
  );
}
