import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { PlayerGame } from '../../../../core/api/play.ts';
import { toast } from '../../../lib/toast.ts';
import { SceneNotFoundError } from '../api/get-scene.ts';
import { useStartGame } from '../api/start-game.ts';
import { scenePath } from './use-choice-flow.ts';

/** Navigation state set when a missing saved scene sent the player to the fallback scene. */
interface MissingSceneState {
  fromMissing?: string;
}

/** product rules "Play": a purely numeric scene id that does not exist goes to /game. */
const NUMERIC_ID = /^\d+$/;

/** What a player is told when a link or bookmark names a scene that does not exist. */
const SCENE_GONE = 'That scene does not exist (any more). You are back on the story.';

function sceneNotFoundToast(description: string): void {
  toast({
    title: 'Scene Not Found',
    description,
    variant: 'destructive',
    errorId: 'scene-not-found',
  });
}

/**
 * Keeps the scene screen on the scene the server has saved for the player, since that is the
 * only scene whose options the server accepts. On entering a scene: no saved game starts one
 * ('New Game Started'); another saved scene replaces the URL with it. A missing scene (product rules "Play"
 * 'Missing scene') redirects to the server's fallback scene with 'Scene Not Found', to / when
 * there are no scenes, or to /game for a numeric id; when even that fails the not-found screen
 * shows. `busy` is true while one of these redirects is under way.
 */
export function useSceneRedirects(
  sceneId: string,
  player: PlayerGame | undefined,
  error: Error | null,
  /** The scene query answered (data or error): a missing id is told apart from another scene. */
  sceneSettled = true,
) {
  const navigate = useNavigate();
  const location = useLocation();
  const fromMissing = (location.state as MissingSceneState | null)?.fromMissing;
  const { mutateAsync: startGame } = useStartGame();
  const [entered, setEntered] = useState<string | null>(null);
  const [notFoundFor, setNotFoundFor] = useState<string | null>(null);
  const starting = useRef(false);

  const elsewhere =
    player !== undefined &&
    player.currentSceneId !== null &&
    player.currentSceneId !== sceneId &&
    !fromMissing;
  const needsRedirect = player === undefined || player.currentSceneId === null || elsewhere;
  // Entered at once, in this render: an effect would render the whole screen once more, after
  // a decision's paint and before the browser shows it.
  if (player && !needsRedirect && entered !== sceneId) setEntered(sceneId);
  const busy = entered !== sceneId && needsRedirect;

  useEffect(() => {
    if (entered === sceneId || !player || !needsRedirect) return;
    if (player.currentSceneId === null) {
      if (starting.current) return;
      starting.current = true;
      startGame()
        .then(({ player: started }) => {
          toast({ title: 'New Game Started', variant: 'default', duration: 3000 });
          const start = started.currentSceneId;
          if (start && start !== sceneId) void navigate(scenePath(start), { replace: true });
        })
        .catch((err: unknown) => {
          console.error('Failed to start a game', err);
          toast({
            title: 'Error',
            description: 'Failed to load game scenes',
            variant: 'destructive',
            errorId: 'start-game',
          });
        })
        .finally(() => {
          starting.current = false;
        });
      return;
    }
    // Wait for the scene's answer, so a missing id gets its toast (or /game when numeric).
    if (!sceneSettled) return;
    if (error instanceof SceneNotFoundError) {
      if (NUMERIC_ID.test(sceneId)) {
        void navigate('/game', { replace: true });
        return;
      }
      sceneNotFoundToast(SCENE_GONE);
    }
    void navigate(scenePath(player.currentSceneId), { replace: true });
  }, [entered, sceneId, player, needsRedirect, error, sceneSettled, startGame, navigate]);

  useEffect(() => {
    if (!(error instanceof SceneNotFoundError) || entered !== sceneId) return;
    if (NUMERIC_ID.test(sceneId)) {
      void navigate('/game', { replace: true });
      return;
    }
    const fallback = error.fallbackSceneId;
    if (fallback === null) {
      toast({
        title: 'No Scenes Found',
        description: 'No scenes found in the database. Please create a scene first.',
        variant: 'destructive',
        errorId: 'no-scenes',
      });
      void navigate('/', { replace: true });
      return;
    }
    if (fallback === sceneId || fromMissing) {
      setNotFoundFor(sceneId);
      return;
    }
    sceneNotFoundToast(SCENE_GONE);
    const state: MissingSceneState = { fromMissing: sceneId };
    void navigate(scenePath(fallback), { replace: true, state });
  }, [error, entered, sceneId, fromMissing, navigate]);

  return { busy, showNotFound: notFoundFor === sceneId };
}
