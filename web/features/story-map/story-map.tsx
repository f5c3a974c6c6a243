import '@xyflow/react/dist/style.css';
import {
  Background,
  ControlButton,
  Controls,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  useStoreApi,
} from '@xyflow/react';
import { LayoutGrid, Maximize, X } from 'lucide-react';
import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { StoryMapResponse } from '../../../core/api/story.ts';
import { IconButton } from '../../components/icon-button.tsx';
import { type Built, useBuiltStory } from './built-story.ts';
import { type MapNode, NODE_HEIGHT, NODE_WIDTH, type Positions } from './graph.ts';
import { dropTarget, panZoomKey, useFillHeight } from './map-dom.ts';
import { flowEdge, flowNode, NODE_TYPES, targetOf } from './map-flow.tsx';
import { MapOverview } from './map-overview.tsx';
import { MapSearch } from './map-search.tsx';
import { MapSummary } from './map-summary.tsx';
import { beginningView, fittedView, partInView, startView } from './map-views.ts';
import { contains, grow, type Rect, shownRect, type View, windowOf } from './map-window.ts';
import { useKeepInView } from './use-keep-in-view.ts';
import { useSavedPlaces } from './use-saved-places.ts';

/** Zoomed out further, boxes would be slivers; the overview shows the whole story instead. */
const MIN_ZOOM = 0.15;
/** Below this zoom boxes show their title only, in a larger font (see map-flow.tsx). */
const FAR_ZOOM = 0.7;
/** Up to this many boxes the map opens fitted to the whole story. */
const FIT_LIMIT = 1500;
/** Below this zoom the titles (large, see FAR_ZOOM) cannot be read. */
const READABLE_ZOOM = 0.45;

/** What the map asks its page to do: open a box in the side panel, or add a drawn link. */
export interface MapActions {
  /** A click on a box: a scene to edit, or a placeholder/missing target to write. */
  onOpen: (node: MapNode, target: string) => void;
  /** A link drawn from one box to another. */
  onLink: (source: string, target: MapNode) => void;
  /** The side panel's editor, shown instead of the story summary while open. */
  panel: ReactNode | null;
  /** A scene to bring into view once it is on the map (the one just saved in the panel). */
  focusRequest?: { id: string; at: number } | null;
}

/**
 * The map of a loaded story: lays it out in a worker (useBuiltStory), then shows it with its side
 * panel. A new layout (after an edit) replaces the old one without blanking the map.
 */
export function StoryMap({ map, actions }: { map: StoryMapResponse; actions: MapActions }) {
  const { built, positions, layoutError } = useBuiltStory(map);

  if (layoutError) return <p role="alert">The map could not be laid out: {layoutError}</p>;
  if (!positions || !built) {
    return (
      <p role="status" className="text-xl">
        Laying out {map.scenes.length.toLocaleString('en-US')} scenes…
      </p>
    );
  }
  return (
    <ReactFlowProvider>
      <MapView built={built} auto={positions} actions={actions} />
    </ReactFlowProvider>
  );
}

function MapView({
  built,
  auto,
  actions,
}: {
  built: Built;
  /** The automatic layout; saved (dragged) places win over it. */
  auto: Positions;
  actions: MapActions;
}) {
  const { map, graph, parts, titles, nodeById, endings } = built;
  const flow = useReactFlow();
  const places = useSavedPlaces(map, graph, auto);
  const { positions, pinned } = places;
  const [hits, setHits] = useState<ReadonlySet<string>>(() => new Set());
  const [chosen, setSelected] = useState<string | null>(null);
  // A selected scene that was deleted since is no longer selected.
  const selected = chosen !== null && nodeById.has(chosen) ? chosen : null;
  /** What 'Fit' shows when the whole story does not fit readably (a day, or the start). */
  const [hint, setHint] = useState<string | null>(null);
  // While a link is being drawn, the box under the pointer is ringed as the drop target.
  const [connecting, setConnecting] = useState(false);
  // Zoomed out, boxes show their title only, larger, so it stays readable.
  const [far, setFar] = useState(false);
  const shape = useMemo(
    () => ({
      links: graph.links,
      parts,
      startId: map.startId,
      endings,
    }),
    [graph, map.startId, parts, endings],
  );

  const region = useRef<HTMLElement>(null);
  const sized = useRef<HTMLDivElement>(null);
  useFillHeight(region, sized);
  const big = graph.nodes.length > FIT_LIMIT;

  // React Flow gets the boxes of an area around the view (see windowOf), none before the view is
  // placed; the area moves when the view leaves it.
  const [area, setArea] = useState<Rect | null>(null);
  // Only these get React Flow objects (see flowNode), made as the view reaches them.
  const windowed = useMemo(() => {
    if (!area) return { nodes: [], edges: [] };
    const shown = windowOf(graph.nodes, graph.links, positions, area);
    return {
      nodes: shown.nodes.map((n) => flowNode(n, positions[n.id] ?? { x: 0, y: 0 }, hits.has(n.id))),
      edges: shown.edges.map(flowEdge),
    };
  }, [graph, positions, hits, area]);
  // The first boxes are drawn in a task of their own and their arrows in the next (together they
  // made the longest task of opening a big story); later windows bring both at once.
  const [arrows, setArrows] = useState(false);
  useEffect(() => {
    if (!area || arrows) return;
    const timer = setTimeout(() => setArrows(true), 0);
    return () => clearTimeout(timer);
  }, [area, arrows]);
  const edges = arrows ? windowed.edges : [];
  const dragging = places.dragging;
  const nodes = dragging
    ? windowed.nodes.map((n) =>
        n.id === dragging.id ? { ...n, position: { x: dragging.x, y: dragging.y } } : n,
      )
    : windowed.nodes;

  const store = useStoreApi();
  /**
   * The map's size on screen: React Flow's, which it measures when it changes, so reading it
   * forces no layout (a read while the page has new boxes to lay out would lay them out there and
   * then); the region's own box until React Flow has measured.
   */
  const boxOf = useCallback(() => {
    const { width, height } = store.getState();
    if (width > 0 && height > 0) return { width, height };
    return region.current?.getBoundingClientRect() ?? null;
  }, [store]);
  const follow = useCallback(
    (view: View) => {
      const box = boxOf();
      if (!box) return;
      const shown = shownRect(view, box.width, box.height);
      setArea((a) => (a && contains(a, shown) ? a : grow(shown, 1)));
      setFar(view.zoom < FAR_ZOOM);
    },
    [boxOf],
  );
  useEffect(
    () =>
      store.subscribe((s, prev) => {
        if (s.transform === prev.transform) return;
        const [x, y, zoom] = s.transform;
        follow({ x, y, zoom });
      }),
    [store, follow],
  );

  /** The viewport that fits these boxes (all when none are named), or null. */
  const fitted = useCallback(
    (ids?: string[]) => fittedView(positions, boxOf(), MIN_ZOOM, ids),
    [positions, boxOf],
  );
  const beginningOf = (ids: string[], zoom: number) =>
    beginningView(positions, ids, zoom, boxOf()?.height ?? 600);
  const dayInView = () => {
    const box = boxOf();
    if (!box) return null;
    return partInView(
      shape.parts,
      positions,
      selected,
      shownRect(flow.getViewport(), box.width, box.height),
    );
  };
  const atStart = useCallback(
    (zoom: number) => startView(positions, map.startId, zoom, boxOf()?.height ?? 600),
    [map.startId, positions, boxOf],
  );

  // 'Fit the whole story': the whole story when its titles stay readable; otherwise the day in
  // view when it does, else the start at the smallest readable zoom; the overview in the corner
  // shows the whole story, its days named.
  const fitAll = (duration = 0) => {
    const viewport = fitted();
    if (!viewport) return;
    if (viewport.zoom >= READABLE_ZOOM) {
      setHint(null);
      void flow.setViewport(viewport, { duration });
      return;
    }
    const day = dayInView();
    const dayView = day ? fitted(day.ids) : null;
    if (day && dayView) {
      // The whole day when it fits readably, else its beginning, readable.
      const whole = dayView.zoom >= READABLE_ZOOM;
      setHint(`${whole ? '' : 'the beginning of '}${day.label} (${day.ids.length} scenes)`);
      void flow.setViewport(whole ? dayView : beginningOf(day.ids, READABLE_ZOOM), { duration });
      return;
    }
    setHint('the start');
    void flow.setViewport(atStart(READABLE_ZOOM), { duration });
  };

  // The map opens fitted when the boxes stay readable; otherwise at the start scene, readable
  // (fitting 10,000 boxes would also draw every one of them). Later layouts (after an edit) keep
  // the author's view.
  const placed = useRef(false);
  useEffect(() => {
    if (placed.current) return;
    placed.current = true;
    const fits = big ? null : fitted();
    const viewport = fits && fits.zoom >= READABLE_ZOOM ? fits : atStart(0.7);
    void flow.setViewport(viewport);
    follow(viewport);
  }, [big, fitted, flow, follow, atStart]);

  // The scene just written comes into view once a layout has it, and stays in view through the
  // layouts that follow, until the author moves the map or looks for another scene.
  const keep = useKeepInView(actions.focusRequest ?? null, positions, graph.links, flow, boxOf);

  const focus = (id: string) => {
    const p = positions[id];
    if (!p) return;
    keep.current = null;
    setSelected(id);
    const zoom = Math.min(1.2, Math.max(flow.getZoom(), 0.8));
    void flow.setCenter(p.x + NODE_WIDTH / 2, p.y + NODE_HEIGHT / 2, { zoom, duration: 300 });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target instanceof HTMLInputElement) return;
    keep.current = null;
    panZoomKey(event, flow, () => fitAll(200));
  };

  return (
    <div className="flex flex-col gap-3">
      <MapSearch onHits={(ids) => setHits(new Set(ids))} focus={focus} />
      <div ref={sized} className="flex flex-col gap-4 lg:flex-row">
        <div className="flex w-full min-w-0 flex-col gap-1 lg:w-auto lg:flex-1">
          <section
            aria-label="Story map: arrow keys pan, + and - zoom, 0 fits the whole story"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users pan and zoom here
            tabIndex={0}
            ref={region}
            onKeyDown={onKeyDown}
            className="group/map relative h-[65vh] min-h-80 w-full overflow-hidden rounded-lg border border-border focus-visible:ring-2 focus-visible:ring-ring lg:h-[var(--map-h,65vh)]"
            data-testid="story-map"
            data-connecting={connecting || undefined}
            data-far={far || undefined}
          >
            <ReactFlow
              nodes={nodes}
              edges={edges}
              nodeTypes={NODE_TYPES}
              colorMode="dark"
              onlyRenderVisibleElements
              nodesDraggable
              nodesConnectable
              connectionRadius={40}
              elementsSelectable={false}
              onNodesChange={(changes) => {
                for (const c of changes) {
                  if (c.type === 'position' && c.position && c.dragging)
                    places.setDragging({ id: c.id, ...c.position });
                }
              }}
              onNodeDragStop={(_, node) => {
                keep.current = null;
                places.drop(node.id, node.position);
              }}
              // The author moving the map (not the map moving itself) ends 'keep in view'.
              onMoveStart={(event) => {
                if (event) keep.current = null;
              }}
              onNodeClick={(_, node) => {
                setSelected(node.data.kind === 'scene' ? node.id : selected);
                actions.onOpen(node.data, node.data.kind === 'scene' ? node.id : targetOf(node.id));
              }}
              // A link is drawn by letting go anywhere on the target box (not only on its small
              // left handle): the box under the pointer decides, React Flow's snap only when the
              // pointer is on no box.
              onConnectStart={() => setConnecting(true)}
              onConnectEnd={(event, state) => {
                setConnecting(false);
                const source = state.fromNode?.id;
                if (!source || state.fromHandle?.type !== 'source') return;
                const target = dropTarget(event) ?? (state.isValid ? state.toNode?.id : null);
                const node = target && target !== source ? nodeById.get(target) : undefined;
                if (node) actions.onLink(source, node);
              }}
              minZoom={MIN_ZOOM}
              maxZoom={2}
              proOptions={{ hideAttribution: true }}
            >
              <Background gap={24} />
              {/* Top left: toasts appear at the bottom left and would cover them. */}
              <Controls position="top-left" showInteractive={false} showFitView={false}>
                <ControlButton
                  onClick={() => fitAll(200)}
                  title="Fit the whole story"
                  aria-label="Fit the whole story"
                >
                  <Maximize aria-hidden="true" />
                </ControlButton>
                {pinned ? (
                  <ControlButton
                    onClick={places.unpin}
                    title="Automatic layout (forget where boxes were dragged)"
                    aria-label="Automatic layout"
                  >
                    <LayoutGrid aria-hidden="true" />
                  </ControlButton>
                ) : null}
              </Controls>
            </ReactFlow>
            <MapOverview
              positions={positions}
              shape={shape}
              hits={hits}
              selected={selected}
              viewSize={boxOf}
            />
            {hint ? <FitHint hint={hint} onHide={() => setHint(null)} /> : null}
          </section>
        </div>

        {actions.panel ? (
          <aside
            className="flex w-full flex-col gap-4 lg:max-h-[var(--map-h,80vh)] lg:w-[26rem] lg:shrink-0 lg:overflow-y-auto 2xl:w-[34rem]"
            aria-label="Scene editor"
            id="map-editor-panel"
          >
            {actions.panel}
          </aside>
        ) : (
          <MapSummary map={map} titles={titles} selected={selected} focus={focus} />
        )}
      </div>
    </div>
  );
}

/** What 'Fit' shows when the whole story is not readable at once, on the map's top edge (under it is below the fold). */
function FitHint({ hint, onHide }: { hint: string; onHide: () => void }) {
  return (
    <div className="absolute top-2 right-2 left-14 z-10 flex items-start gap-2 rounded border border-border bg-background/90 px-2 py-1">
      <p role="status" className="text-muted-foreground text-sm sm:text-base">
        This is {hint}: the overview in the corner shows the whole story (search hits in yellow);
        click there to go anywhere.
      </p>
      <IconButton label="Hide this note" icon={X} className="size-7" onClick={onHide} />
    </div>
  );
}
