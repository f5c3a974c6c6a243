import { RefreshCw } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { AdminPage, messageOf } from '../../features/admin-world/components/admin-page.tsx';
import { useStoryMap } from '../../features/story-map/api.ts';
import { StoryMap } from '../../features/story-map/story-map.tsx';

/** /admin/story-map (issue 8): every scene as a box, every option as an arrow, problems flagged. */
export function Component() {
  const map = useStoryMap();
  return (
    <AdminPage
      title="Story Map"
      action={
        <Button variant="outline" onClick={() => void map.refetch()} disabled={map.isFetching}>
          <RefreshCw aria-hidden="true" /> Refresh
        </Button>
      }
    >
      {map.error ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p>Could not load the story: {messageOf(map.error)}</p>
          <Button onClick={() => void map.refetch()}>Try again</Button>
        </div>
      ) : map.data ? (
        map.data.scenes.length === 0 ? (
          <p>No scenes yet. Add one in Scenarios and it appears here.</p>
        ) : (
          <StoryMap map={map.data} />
        )
      ) : (
        <p role="status" className="text-xl">
          Loading the story…
        </p>
      )}
    </AdminPage>
  );
}
