import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import type { StoryMapResponse } from '../../../core/api/story.ts';
import { toast } from '../../lib/toast.ts';
import { saveMapPositions, storyKeys } from './api.ts';
import type { MapGraph, Positions } from './graph.ts';
import { placeBoxes } from './placement.ts';

type XY = { x: number; y: number };

/**
 * Where the map draws its boxes: the places the author saved by dragging win over the automatic
 * layout (see placeBoxes). Gives the box being dragged, what to do when it is dropped (save its
 * place) and 'Automatic layout' (forget every saved place).
 */
export function useSavedPlaces(map: StoryMapResponse, graph: MapGraph, auto: Positions) {
  const qc = useQueryClient();
  // Boxes dragged since the map loaded (saved on the server too; kept here to avoid a re-layout).
  const [moved, setMoved] = useState<Record<string, XY>>({});
  const [dragging, setDragging] = useState<({ id: string } & XY) | null>(null);
  const saved = useMemo(() => {
    const out: Record<string, XY> = {};
    for (const s of map.scenes) if (s.x !== null && s.y !== null) out[s.id] = { x: s.x, y: s.y };
    return { ...out, ...moved };
  }, [map.scenes, moved]);
  const pinned = Object.keys(saved).length > 0;
  // Where each box was drawn until now: an edit (a new scene, a drawn link, a new layout) leaves
  // every box the author has seen where it was and puts new boxes beside the scene they came from.
  // 'Automatic layout' forgets it.
  const shown = useRef<Positions>({});
  const positions = useMemo(() => {
    const next = placeBoxes(graph, auto, { ...shown.current, ...saved });
    shown.current = next;
    return next;
  }, [graph, auto, saved]);

  /**
   * A box dropped: its place is saved. The first drag keeps the whole layout as it is drawn
   * (every scene's place is saved), so later scenes and layouts never shuffle the author's map.
   */
  const drop = (id: string, p: XY) => {
    const at = { x: Math.round(p.x), y: Math.round(p.y) };
    const batch = pinned
      ? [{ id, ...at }]
      : graph.nodes
          .filter((n) => n.kind === 'scene')
          .map((n) => ({ id: n.id, ...(n.id === id ? at : (positions[n.id] ?? at)) }));
    setMoved((m) => ({
      ...m,
      ...Object.fromEntries(batch.map((b) => [b.id, { x: b.x, y: b.y }])),
    }));
    setDragging(null);
    saveMapPositions(batch).catch((err: Error) =>
      toast({
        title: 'The new place was not saved',
        description: err.message,
        variant: 'destructive',
      }),
    );
  };
  /** 'Automatic layout': forgets every saved place. */
  const unpin = () => {
    const batch = Object.keys(saved).map((id) => ({ id, x: null, y: null }));
    if (batch.length === 0) return;
    saveMapPositions(batch).then(
      async () => {
        shown.current = {};
        setMoved({});
        await qc.invalidateQueries({ queryKey: storyKeys.map });
        toast({
          title: 'Automatic layout',
          description: 'Boxes are placed automatically again.',
          variant: 'default',
        });
      },
      (err: Error) =>
        toast({
          title: 'Could not reset the layout',
          description: err.message,
          variant: 'destructive',
        }),
    );
  };

  return { positions, pinned, dragging, setDragging, drop, unpin };
}
