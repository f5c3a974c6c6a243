import {
  type CSSProperties,
  lazy,
  memo,
  type ReactNode,
  Suspense,
  useEffect,
  useMemo,
} from 'react';
import { useLocation, useParams } from 'react-router';
import { SCREEN_NAMES } from '../../../../core/page-title.ts';
import { fontSettingsToCssVars } from '../../../lib/fonts.ts';
import { HydrateLater } from '../../../lib/hydrate-later.tsx';
import { useGamePageTitle } from '../../../lib/page-title.ts';
import { getActivePlaytest } from '../../../lib/playtest.ts';
import { toast } from '../../../lib/toast.ts';
import { AfterFirstPaint } from '../../../lib/use-after-first-paint.ts';
import { useFontSettings } from '../api/get-fonts.ts';
import { useGame } from '../api/get-game.ts';
import { SceneNotFoundError, useScene } from '../api/get-scene.ts';
import { useSponsors } from '../api/get-sponsors.ts';
import { useEnsureSession } from '../api/use-ensure-session.ts';
import { useBackTrap } from '../hooks/use-back-trap.ts';
import { useChoiceFlow } from '../hooks/use-choice-flow.ts';
import { usePrefetchScenes } from '../hooks/use-prefetch-scenes.ts';
import { useSceneRedirects } from '../hooks/use-scene-redirects.ts';
import { useLastChange } from '../lib/last-change.ts';
import { ChangeLine } from './change-line.tsx';
import {
  GameContextErrorState,
  PlayLoading,
  SceneLoadingErrorState,
  SceneNotFoundState,
} from './play-states.tsx';
import { SceneErrorBoundary } from './scene-error-boundary.tsx';

/** The modal (and its dialog library) loads only when a choice fails: most players never see it. */
const NavigationErrorDialog = lazy(() =>
  import('./navigation-error-dialog.tsx').then((m) => ({ default: m.NavigationErrorDialog })),
);

import { SceneView } from './scene-view.tsx';
import { SponsorsPanel } from './sponsors-panel.tsx';
import { StatsBar } from './stats-bar.tsx';
import { StatsPanel } from './stats-panel.tsx';

/*
 * The parts of the screen render again only when their own props change: a decision renders the
 * screen several times (the paint ahead, the cache's game, the answer), and the click waits for
 * the first of them.
 */
const SceneViewPart = memo(SceneView);
const StatsPanelPart = memo(StatsPanel);
const StatsBarPart = memo(StatsBar);
const ChangeLinePart = memo(ChangeLine);

/** Sponsors beside the stats; a failed load hides the panel and says so once (product rules "Messages"). */
const Sponsors = memo(function Sponsors() {
  const { data, error } = useSponsors();
  useEffect(() => {
    if (!error) return;
    console.error('Error loading sponsors', error);
    toast({
      title: 'Error loading sponsors',
      description: error.message ? 'Could not load sponsor data' : 'Unexpected error occurred',
      variant: 'destructive',
      errorId: 'load-sponsors',
    });
  }, [error]);
  return <SponsorsPanel sponsors={error ? [] : (data?.sponsors ?? [])} />;
});

/**
 * /game/scene/{sceneId} (product rules "Screens" 'Scene screen'): stats and sponsors in the left quarter, the
 * scene and its options on the right (scene first on small screens, under a compact stats bar),
 * one page scroll for all of it, with every loading and error state, the back trap, prefetching
 * of the next scenes, font settings as CSS variables, and at the top the line saying what the
 * last choice changed, a live region that also announces each new scene's title. `isAdmin`
 * (or a play-test) shows the authoring 'Scene Stats Warning'.
 */
export function SceneScreen({ isAdmin = false }: { isAdmin?: boolean }) {
  const { sceneId = '' } = useParams();
  const location = useLocation();
  useBackTrap();
  const session = useEnsureSession();
  const game = useGame(session.ready);
  const scene = useScene(sceneId, session.ready);
  const fonts = useFontSettings();
  const style = useMemo(() => fontSettingsToCssVars(fonts) as CSSProperties, [fonts]);
  const changes = useLastChange(sceneId);
  // The 'Scene Stats Warning' is an authoring message: admins and play-tests see it, players never.
  const authoring = isAdmin || getActivePlaytest() !== null;
  const flow = useChoiceFlow(sceneId);
  // Decide redirects on data known to be current, not on a stale copy being refetched.
  const player =
    game.data && (!game.isStale || game.isFetchedAfterMount) ? game.data.player : undefined;
  const redirect = useSceneRedirects(
    sceneId,
    player,
    scene.error,
    scene.data !== undefined || scene.error !== null,
  );
  // Not while a choice commits: its answer brings the scene with new locks, prefetched again then.
  // Nor before a start painted ahead has its answer: the prefetch needs the session.
  usePrefetchScenes(flow.committing || !session.ready ? undefined : scene.data?.scene.options);

  const shown = scene.data && !redirect.busy ? scene.data.scene : undefined;
  useGamePageTitle(
    shown?.title ??
      (scene.error instanceof SceneNotFoundError && redirect.showNotFound
        ? SCREEN_NAMES.sceneMissing
        : undefined),
  );

  if (session.error || game.error) return <GameContextErrorState />;

  let main: ReactNode;
  if (!sceneId) main = <PlayLoading text="Scene ID missing" />;
  // A start painted ahead shows the new game in the cache while its answer is on its way.
  else if ((!session.ready && !session.ahead) || redirect.busy)
    main = <PlayLoading text="Preparing your adventure..." />;
  else if (scene.error instanceof SceneNotFoundError) {
    main = redirect.showNotFound ? (
      <SceneNotFoundState />
    ) : (
      <PlayLoading text="Preparing your adventure..." />
    );
  } else if (scene.error) {
    main = (
      <SceneLoadingErrorState
        message={
          scene.error.message
            ? `Failed to fetch scene: ${scene.error.message}`
            : 'Failed to load scene data'
        }
      />
    );
  } else if (!scene.data) main = <PlayLoading text="Loading scene from database..." />;
  else {
    main = (
      <SceneErrorBoundary sceneId={scene.data.scene.id}>
        <SceneViewPart
          scene={scene.data.scene}
          onChoose={flow.choose}
          focusHeading={location.key !== 'default'}
          pending={flow.paintedSceneId === scene.data.scene.id}
        />
      </SceneErrorBoundary>
    );
  }

  const warning = authoring && scene.data ? !scene.data.scene.hasStatsConfig : false;
  return (
    <div
      className="grid gap-4 md:grid-cols-4 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-5"
      style={style}
      data-choice={flow.committing ? 'committing' : undefined}
    >
      <div className="flex min-w-0 flex-col gap-3 md:order-2 md:col-span-3 lg:col-span-1">
        {/* The stats show, nothing more: on a server's page they hydrate after the scene. */}
        <HydrateLater>
          <StatsBarPart
            stats={shown ? game.data?.player.stats : undefined}
            position={game.data?.player.searchPosition ?? null}
          />
        </HydrateLater>
        <ChangeLinePart title={shown?.title} changes={shown ? changes : null} />
        {main}
      </div>
      <aside aria-label="Player" className="flex flex-col gap-4 md:order-1">
        <HydrateLater>
          <StatsPanelPart
            stats={game.data?.player.stats}
            position={game.data?.player.searchPosition ?? null}
            warning={warning}
          />
        </HydrateLater>
        <AfterFirstPaint>
          <Sponsors />
        </AfterFirstPaint>
      </aside>
      {flow.navigationError !== null && (
        <Suspense fallback={null}>
          <NavigationErrorDialog
            message={flow.navigationError}
            onClose={flow.closeNavigationError}
          />
        </Suspense>
      )}
    </div>
  );
}
