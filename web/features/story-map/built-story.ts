import { startTransition, useEffect, useState } from 'react';
import type { StoryMapResponse } from '../../../core/api/story.ts';
import {
  type MapGraph,
  type MapNode,
  type Positions,
  type StoryPart,
  storyDays,
  toGraph,
} from './graph.ts';
import { layoutInWorker } from './layout-client.ts';

/** A loaded story as the map draws it: the server's map, its boxes and arrows, and its days. */
export interface Built {
  map: StoryMapResponse;
  graph: MapGraph;
  /** The story's days (see storyDays). */
  parts: StoryPart[];
  titles: Map<string, string>;
  nodeById: Map<string, MapNode>;
  endings: ReadonlySet<string>;
}

/** What the map looks up in a story besides its graph (a pass over every scene and option). */
function lookups(map: StoryMapResponse, graph: MapGraph): Omit<Built, 'map' | 'graph'> {
  return {
    parts: storyDays(map),
    titles: new Map(map.scenes.map((s) => [s.id, s.title])),
    nodeById: new Map(graph.nodes.map((n) => [n.id, n])),
    endings: new Set(map.scenes.filter((s) => s.isEnding).map((s) => s.id)),
  };
}

/**
 * A story made ready to draw: its graph, look-ups and automatic layout (from a worker). With
 * 10,000 scenes each step over the whole story takes tens of milliseconds, so each has a task of
 * its own, none of them the task that renders the page with the story's data: the boxes and
 * arrows (toGraph, then the worker starts), then the days and look-ups (see lookups, while the
 * worker lays the map out). A new story keeps the last one shown until its own is ready.
 */
export function useBuiltStory(map: StoryMapResponse): {
  built: Built | null;
  positions: Positions | null;
  layoutError: string | null;
} {
  const [built, setBuilt] = useState<Built | null>(null);
  const [positions, setPositions] = useState<Positions | null>(null);
  const [layoutError, setLayoutError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    let timer = setTimeout(() => {
      const graph = toGraph(map);
      setLayoutError(null);
      layoutInWorker(graph, map.startId).then(
        // A transition: React renders the map in slices, giving the page a turn between them.
        (p) => live && startTransition(() => setPositions(p)),
        (err: Error) => live && setLayoutError(err.message),
      );
      timer = setTimeout(() => setBuilt({ map, graph, ...lookups(map, graph) }), 0);
    }, 0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [map]);
  return { built, positions, layoutError };
}
