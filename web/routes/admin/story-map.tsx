import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, RefreshCw } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import { placeholderTitle } from '../../../core/api/admin-scenes-links.ts';
import { isPendingLink } from '../../../core/game/links.ts';
import { LoadBoundary } from '../../components/load-boundary.tsx';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../features/admin-scenes/confirm-dialog.tsx';
import { messageOf } from '../../features/admin-world/components/admin-page.tsx';
import { storyKeys, useStoryMap } from '../../features/story-map/api.ts';
import type { MapNode } from '../../features/story-map/graph.ts';
import type { DrawnLink } from './story-map-link-dialog.tsx';
import type { MapEditTarget } from './story-map-panel.tsx';

// The map itself (React Flow) loads beside the story's data and starts on its own turn of the
// page, so its code is not evaluated in the same long task as this page's.
const mapModule = import('../../features/story-map/story-map.tsx');
const StoryMap = lazy(() => mapModule.then((m) => ({ default: m.StoryMap })));
// The editor and the link dialog (forms, their schemas) load at the first click or drawn link,
// not while the map opens.
const MapEditorPanel = lazy(() =>
  import('./story-map-panel.tsx').then((m) => ({ default: m.MapEditorPanel })),
);
const NewLinkDialog = lazy(() =>
  import('./story-map-link-dialog.tsx').then((m) => ({ default: m.NewLinkDialog })),
);

/**
 * A lazy part of the page, with a 'Loading …' status line until its code has arrived, and a
 * 'Reload' message if it cannot arrive (a deploy since the page was opened).
 */
function Lazy({
  what,
  className,
  children,
}: {
  what: string;
  className: string;
  children: ReactNode;
}) {
  const status = (
    <p role="status" className={className}>
      Loading {what}…
    </p>
  );
  return (
    <LoadBoundary>
      <Suspense fallback={status}>{children}</Suspense>
    </LoadBoundary>
  );
}

/** The editor target of a clicked box: the scene, or a new scene named after the placeholder. */
function targetOf(node: MapNode, target: string): MapEditTarget {
  if (node.kind === 'scene') return { kind: 'scene', id: target };
  const id = isPendingLink(target) ? target.slice('pending-'.length) : target;
  // The new scene's id from the placeholder's; its title in the author's own words.
  return {
    kind: 'new',
    id,
    link: target,
    title: node.kind === 'pending' ? node.title : placeholderTitle(id),
  };
}

/**
 * /admin/story-map: every scene as a box, every option as an arrow, problems
 * flagged; a click on a box writes it in the side panel, a drag between boxes draws a link.
 */
export function Component() {
  const map = useStoryMap();
  const qc = useQueryClient();
  const [editing, setEditing] = useState<MapEditTarget | null>(null);
  const [asking, setAsking] = useState<MapEditTarget | 'close' | null>(null);
  const [link, setLink] = useState<DrawnLink | null>(null);
  // Once drawn, the dialog stays mounted (it closes with its animation).
  const linkDrawn = useRef(false);
  if (link) linkDrawn.current = true;
  const [focusRequest, setFocusRequest] = useState<{ id: string; at: number } | null>(null);
  const dirty = useRef(false);
  const onDirtyChange = useCallback((d: boolean) => {
    dirty.current = d;
  }, []);
  // Switching scenes with unsaved changes asks first (the draft is kept either way).
  const open = (next: MapEditTarget | null) => {
    if (dirty.current) return setAsking(next ?? 'close');
    setEditing(next);
    // On a phone the panel sits under the map: bring it into view.
    if (next && !window.matchMedia('(min-width: 1024px)').matches) {
      requestAnimationFrame(() =>
        document.getElementById('map-editor-panel')?.scrollIntoView({ block: 'start' }),
      );
    }
  };
  // The title of a drawn link's source, looked up when a link is drawn (not a map of 10,000 titles
  // made at every render of the page).
  const titleOf = (id: string) => map.data?.scenes.find((s) => s.id === id)?.title ?? id;

  const panel = editing ? (
    <Lazy what="the editor" className="text-lg">
      <MapEditorPanel
        target={editing}
        onDirtyChange={onDirtyChange}
        onCreateScene={(pendingId, name) =>
          open({
            kind: 'new',
            id: pendingId.replace(/^pending-/, ''),
            link: pendingId,
            title: name,
          })
        }
        onClose={() => {
          dirty.current = false;
          setEditing(null);
        }}
        onDeleted={() => {
          dirty.current = false;
          setEditing(null);
          void qc.invalidateQueries({ queryKey: storyKeys.map });
        }}
        onSaved={(saved) => {
          dirty.current = false;
          void qc.invalidateQueries({ queryKey: storyKeys.map });
          setFocusRequest({ id: saved.scene.id, at: Date.now() });
          setEditing({ kind: 'scene', id: saved.scene.id });
        }}
      />
    </Lazy>
  ) : null;

  return (
    // A slimmer frame than AdminPage's: every line above the map is a line of map less at 1366x768.
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-1">
          <Link
            to="/admin"
            className={buttonVariants({ variant: 'ghost', size: 'icon' })}
            aria-label="Back to Dashboard"
            title="Back to Dashboard"
          >
            <ArrowLeft aria-hidden="true" />
          </Link>
          <h1 className="font-retro text-3xl leading-tight text-glow sm:text-4xl">Story Map</h1>
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void map.refetch()}
          disabled={map.isFetching}
        >
          <RefreshCw aria-hidden="true" /> Refresh
        </Button>
      </div>
      {map.error ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p>Could not load the story: {messageOf(map.error)}</p>
          <Button onClick={() => void map.refetch()}>Try again</Button>
        </div>
      ) : map.data ? (
        map.data.scenes.length === 0 ? (
          <p>No scenes yet. Add one in Scenarios and it appears here.</p>
        ) : (
          <Lazy what="the map" className="text-xl">
            <StoryMap
              map={map.data}
              actions={{
                panel,
                focusRequest,
                onOpen: (node, target) => open(targetOf(node, target)),
                onLink: (source, target) =>
                  setLink({
                    source: { id: source, title: titleOf(source) },
                    target,
                    nextSceneId:
                      target.kind === 'scene'
                        ? target.id
                        : target.id.slice(target.id.indexOf(':') + 1),
                  }),
              }}
            />
          </Lazy>
        )
      ) : (
        <p role="status" className="text-xl">
          Loading the story…
        </p>
      )}
      {linkDrawn.current || link ? (
        <LoadBoundary>
          <Suspense fallback={null}>
            <NewLinkDialog link={link} onClose={() => setLink(null)} />
          </Suspense>
        </LoadBoundary>
      ) : null}
      <ConfirmDialog
        open={asking !== null}
        title="Leave this scene without saving?"
        stayLabel="Stay and keep editing"
        goLabel="Leave without saving"
        onStay={() => setAsking(null)}
        onGo={() => {
          dirty.current = false;
          setEditing(asking === 'close' ? null : asking);
          setAsking(null);
        }}
      >
        Your changes in the side panel are not saved. A draft stays in this browser.
      </ConfirmDialog>
    </div>
  );
}
