import { useMemo } from 'react';
import { Link } from 'react-router';
import { placeholderName } from '../../../core/api/admin-scenes-links.ts';
import type { StoryMapResponse } from '../../../core/api/story.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { buttonVariants } from '../../components/ui/button.tsx';
import { PlayFromHereButton } from './play-from-here.tsx';

/** Lists in the side panel show this many ids, then 'and N more'. */
const LIST_SHOWN = 40;

interface Counts {
  label: string;
  ids: string[];
  tone: 'ok' | 'warn' | 'bad';
}

/** A scene as the lists name it: its title, then its ID (dimmed) unless they are the same. */
function SceneName({ id, titles }: { id: string; titles: Map<string, string> }) {
  const title = titles.get(id);
  if (title === undefined || title === id) return <>{id}</>;
  return (
    <>
      {title} <span className="text-muted-foreground">({id})</span>
    </>
  );
}

/**
 * The side panel beside the map while no box is open: the selected scene's
 * actions, the story's counts and its problems (each one brings its scene into view).
 */
export function MapSummary({
  map,
  titles,
  selected,
  focus,
}: {
  map: StoryMapResponse;
  titles: Map<string, string>;
  selected: string | null;
  /** Selects the scene and brings it into view. */
  focus: (id: string) => void;
}) {
  const counts: Counts[] = [
    { label: 'Broken links', ids: map.broken, tone: map.broken.length ? 'bad' : 'ok' },
    {
      label: 'Not yet written',
      ids: map.pendingTargets,
      tone: map.pendingTargets.length ? 'warn' : 'ok',
    },
    {
      label: 'Unreachable scenes',
      ids: map.unreachable,
      tone: map.unreachable.length ? 'warn' : 'ok',
    },
    { label: 'Dead ends', ids: map.deadEnds, tone: map.deadEnds.length ? 'warn' : 'ok' },
  ];
  // A pass over every option and scene: once per story, not at every render of the map (which
  // renders this panel again as it pans, zooms and drags).
  const { brokenSources, pendingSources, pendingLabels, endings } = useMemo(() => {
    const brokenSources = new Map(
      map.edges.filter((e) => e.kind === 'broken').map((e) => [e.id, e]),
    );
    const pendingSources = new Map<string, string>();
    const pendingLabels = new Map<string, string[]>();
    for (const e of map.edges) {
      if (e.kind !== 'pending' || !e.target) continue;
      pendingSources.set(e.target, e.source);
      pendingLabels.set(e.target, [...(pendingLabels.get(e.target) ?? []), e.label]);
    }
    const endings = map.scenes.filter((s) => s.isEnding).length;
    return { brokenSources, pendingSources, pendingLabels, endings };
  }, [map]);

  return (
    <aside className="flex w-full flex-col gap-4 lg:w-80" aria-label="Story summary">
      {selected ? (
        <div
          className="flex flex-col gap-2 rounded-lg border border-border p-3"
          data-testid="map-selected"
        >
          <p className="text-lg">
            {titles.get(selected) ?? selected}{' '}
            <span className="text-muted-foreground">({selected})</span>
          </p>
          <div className="flex flex-wrap gap-2">
            <Link
              to={`/admin/scenes/${encodeURIComponent(selected)}`}
              className={buttonVariants({ size: 'sm' })}
            >
              Open in editor
            </Link>
            <PlayFromHereButton
              sceneId={selected}
              sceneTitle={titles.get(selected) ?? selected}
              returnTo="/admin/story-map"
              size="sm"
            />
          </div>
        </div>
      ) : null}

      <dl className="grid grid-cols-2 gap-2 text-lg">
        <dt className="text-muted-foreground">Scenes</dt>
        <dd data-testid="count-scenes">{map.scenes.length}</dd>
        <dt className="text-muted-foreground">Links</dt>
        <dd>{map.edges.length}</dd>
        <dt className="text-muted-foreground">Endings</dt>
        <dd>{endings}</dd>
      </dl>

      {counts.map((c) => (
        <details
          key={c.label}
          className="rounded-lg border border-border p-3"
          open={c.ids.length > 0 && c.ids.length <= 10}
        >
          <summary className="flex cursor-pointer items-center justify-between gap-2 text-lg">
            <span>{c.label}</span>
            <Badge
              variant={
                c.tone === 'bad' ? 'destructive' : c.tone === 'warn' ? 'secondary' : 'outline'
              }
              data-testid={`count-${c.label.toLowerCase().replaceAll(' ', '-')}`}
            >
              {c.ids.length}
            </Badge>
          </summary>
          <ul className="mt-2 flex flex-col gap-1">
            {c.ids.slice(0, LIST_SHOWN).map((id) => {
              const edge = brokenSources.get(id);
              const sceneId = edge?.source ?? pendingSources.get(id) ?? id;
              // Scenes are named by title and ID: two scenes may share a title.
              const text = edge ? (
                <>
                  <SceneName id={edge.source} titles={titles} />: “{edge.label}” → {edge.target}
                </>
              ) : pendingSources.has(id) ? (
                <>
                  {/* The author's words for it, never the internal 'pending-' id. */}
                  {placeholderName(id, pendingLabels.get(id) ?? [])} (from{' '}
                  <SceneName id={sceneId} titles={titles} />)
                </>
              ) : (
                <SceneName id={id} titles={titles} />
              );
              return (
                <li key={id}>
                  <button
                    type="button"
                    className="text-left underline-offset-2 hover:underline"
                    onClick={() => focus(sceneId)}
                  >
                    {text}
                  </button>
                </li>
              );
            })}
            {c.ids.length > LIST_SHOWN ? (
              <li className="text-muted-foreground">and {c.ids.length - LIST_SHOWN} more</li>
            ) : null}
            {c.ids.length === 0 ? <li className="text-muted-foreground">None</li> : null}
          </ul>
        </details>
      ))}
      <p className="text-muted-foreground">
        Dashed yellow: link to a scene not yet written. Red: link to a scene that does not exist.
        Orange box: unreachable or dead end. Click a box to write (or delete) it here; drag from a
        box's right edge and let go on another box to draw a link; drag a box to move it (its place
        is kept). The overview in the corner shows the whole story, its days numbered.
      </p>
    </aside>
  );
}
