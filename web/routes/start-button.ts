import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { type NavigateFunction, useLocation, useNavigate } from 'react-router';
import type { BootData } from '../../core/api/boot.ts';
import type { NewGameAhead, StartPlayAnswer } from '../../core/api/play-start.ts';
import { gamePageTitle } from '../../core/page-title.ts';
import {
  dropNewGame,
  seedBootData,
  seedNewGame,
  staleNewGameScene,
  takeNewGame,
} from '../app/boot-data.ts';
import {
  holdForStart,
  releaseFailedStart,
  startAhead,
  startPlay,
} from '../features/play/api/start-play.ts';
import { afterPaint, afterShown } from '../lib/after-paint.ts';
import { errorMessage } from '../lib/api.ts';
import { holdHistoryWrites } from '../lib/held-history.ts';
import { getActivePlaytest } from '../lib/playtest.ts';
import { STATUS_TOAST_MS, toast } from '../lib/toast.ts';

/** A click the browser should handle itself: a new tab or window, a download, not the main button. */
function ownClick(event: MouseEvent): boolean {
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  );
}

/** Whether the modules' load was asked; cleared when it failed, so the next ask tries again. */
let warming = false;

/**
 * Loads the game layout's and the scene screen's modules (the same chunks the router's lazy
 * routes load), so the click never waits for code: asked when the start screen is idle after
 * it hydrated, when the pointer or focus reaches the button, and on the click. Asked once: a
 * second `import()` is not free (the bundler's preload step looks the chunks up again, ~0.4 ms
 * of Start's click in a sampled profile).
 */
function warmScene(): void {
  if (warming) return;
  warming = true;
  Promise.all([import('./game/game-layout.tsx'), import('./game/scene.tsx')]).catch(() => {
    warming = false;
  });
}

/** warmScene once the browser is idle (a timer where requestIdleCallback is missing). */
function warmWhenIdle(): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(warmScene, { timeout: 3000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(warmScene, 1000);
  return () => clearTimeout(id);
}

/** The scene's path written out: the choice flow's scenePath would bring its module to '/'. */
const scenePath = (id: string) => `/game/scene/${encodeURIComponent(id)}`;

/** Navigation state of '/' when a start painted ahead failed: its message, under the button. */
interface StartRefusal {
  startError: string;
}

/** A start's answer into the query cache, as a server-rendered scene page's data would be. */
function seedAnswer(queryClient: QueryClient, answer: StartPlayAnswer): void {
  const { session, game, scene, sponsors, fonts, news } = answer;
  const data: Partial<BootData> = { session, game, sponsors, fonts, news };
  if (scene) data.scene = scene;
  seedBootData(queryClient, data);
}

/** As the game home says it (game-home-screen.tsx): brief, the scene shows the rest. */
function toastStarted(resumed: boolean): void {
  toast({
    title: resumed ? 'Game Continued' : 'New Game Started',
    variant: 'default',
    duration: STATUS_TOAST_MS,
  });
}

/**
 * Paint-ahead Start, for a visitor without a session whose start screen carried the new game
 * (core/api/play-start.ts NewGameAhead): the scene screen paints it at once, from the cache, and
 * the start goes behind the paint; the screen sends nothing that needs the session until its
 * answer (holdForStart). The answer is seeded over it (the same game, unless this browser got
 * one meanwhile, in another tab: then its scene is shown). A failure goes back to '/' with the
 * message under the button, and takes the new game out of the cache again.
 */
function startPaintedAhead(
  queryClient: QueryClient,
  navigate: NavigateFunction,
  newGame: NewGameAhead,
  refuse: (message: string) => void,
): void {
  const held = holdForStart();
  seedNewGame(queryClient, newGame);
  const path = scenePath(newGame.scene.scene.id);
  document.title = gamePageTitle(newGame.scene.scene.title);
  // Rendered at once, as a decision's paint is (use-choice-flow.ts), not as a transition; the
  // history entry is written once the scene is on screen (web/lib/held-history.ts), and the
  // start's request is sent after that paint, so the click's task is only the render.
  const shown = afterShown();
  holdHistoryWrites(shown);
  void navigate(path, { flushSync: true });
  afterPaint(() => sendStart(queryClient, navigate, newGame, path, held, refuse, shown));
}

/** startPaintedAhead's request, and what its answer or failure does to the painted scene. */
function sendStart(
  queryClient: QueryClient,
  navigate: NavigateFunction,
  newGame: NewGameAhead,
  path: string,
  held: ReturnType<typeof holdForStart>,
  refuse: (message: string) => void,
  written: Promise<void>,
): void {
  startPlay().then(
    async (answer) => {
      seedAnswer(queryClient, answer);
      await written; // the scene's history entry, held until it was on screen
      const sceneId = answer.game.player.currentSceneId;
      const shown = window.location.pathname === path;
      const elsewhere = sceneId !== newGame.scene.scene.id;
      if (shown && elsewhere) {
        if (answer.scene) document.title = gamePageTitle(answer.scene.scene.title);
        await navigate(sceneId ? scenePath(sceneId) : '/game', { replace: true, flushSync: true });
      }
      // The new game's scene was not this player's: read again as theirs when next shown.
      if (elsewhere) staleNewGameScene(queryClient, newGame);
      held.done(true);
      toastStarted(answer.resumed);
    },
    async (err: unknown) => {
      await written;
      const state: StartRefusal = { startError: errorMessage(err) };
      // Still held until the start screen is back (releaseFailedStart): nothing signs in.
      held.done(false);
      await navigate('/', { replace: true, state, flushSync: true });
      dropNewGame(queryClient, newGame);
      // A start screen still there (the answer came before the scene's route was ready) says it too.
      refuse(state.startError);
    },
  );
}

/**
 * 'Start Adventure Now' on the start screen (docs/architecture.md 'First visit: Start'). A new
 * visitor whose page carried the new game sees its first scene at the click (startPaintedAhead).
 * Otherwise one POST /api/play/start makes the guest session when there is none, continues the
 * game or starts one, and answers the scene with its options and what its screen reads first;
 * that answer goes into the query cache exactly as the page data of a server-rendered scene
 * would, the tab takes the scene's title, and the scene opens with nothing left to fetch before
 * its options. The screen's code is loaded ahead (warmScene). The link's own target (/game, the
 * game home) stays for a new tab, a play-test (which ends there) and a browser without scripts.
 * A failure is said next to the button, in the server's words.
 */
export function useStartButton() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const refused = (location.state as Partial<StartRefusal> | null)?.startError;
  const [error, setError] = useState<string | null>(typeof refused === 'string' ? refused : null);
  // Only a start screen still on screen lets the play screens go after a failed start.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    releaseFailedStart();
    const stop = warmWhenIdle();
    return () => {
      mounted.current = false;
      stop();
    };
  }, []);
  const refuse = (message: string) => {
    setError(message);
    if (mounted.current) releaseFailedStart();
  };

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (ownClick(event) || getActivePlaytest()) return;
    event.preventDefault();
    releaseFailedStart();
    // A start painted ahead is on its way (a double click): the scene is already there.
    if (startAhead()) return;
    warmScene();
    setError(null);
    const newGame = takeNewGame(queryClient);
    if (newGame) return startPaintedAhead(queryClient, navigate, newGame, refuse);
    setBusy(true);
    startPlay()
      .then(async (answer) => {
        seedAnswer(queryClient, answer);
        if (answer.scene) document.title = gamePageTitle(answer.scene.scene.title);
        const sceneId = answer.game.player.currentSceneId;
        await navigate(sceneId ? scenePath(sceneId) : '/game');
        toastStarted(answer.resumed);
      })
      .catch((err: unknown) => {
        setError(errorMessage(err));
        setBusy(false);
      });
  };
  return { onClick, onPointerEnter: warmScene, onFocus: warmScene, busy, error };
}
