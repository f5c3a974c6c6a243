import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { PlayerGame } from '../../../../core/api/play.ts';
import { SCREEN_NAMES } from '../../../../core/page-title.ts';
import { Play, RotateCcw } from '../../../components/icons.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useGamePageTitle } from '../../../lib/page-title.ts';
import { STATUS_TOAST_MS, toast } from '../../../lib/toast.ts';
import { useContinueGame } from '../api/continue-game.ts';
import { useGame } from '../api/get-game.ts';
import { useStartGame } from '../api/start-game.ts';
import { useEnsureSession } from '../api/use-ensure-session.ts';
import { scenePath } from '../hooks/use-choice-flow.ts';
import { GameContextErrorState, PlayLoading } from './play-states.tsx';

/** product rules "Limits": the game home shows its spinner for 1.5 s first. */
const HOME_SPINNER_MS = 1500;

/** The question before a game in progress is wiped: loaded when asked (most never see it). */
const NewGameDialog = lazy(() =>
  import('./new-game-dialog.tsx').then((m) => ({ default: m.NewGameDialog })),
);

/**
 * The progress line (product rules "Screens"): the saved scene's title, 'Unknown' when it is gone,
 * else 'New Game'; a finished game says so ('Finished: Rank #1').
 */
function progressText(player: PlayerGame): string {
  if (!player.hasProgress || player.currentSceneId === null) return 'New Game';
  const title = player.currentSceneTitle ?? 'Unknown';
  return player.finished ? `Finished: ${title}` : title;
}

function useMinimumDelay(ms: number): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setDone(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return done;
}

function failed(err: unknown): void {
  console.error('Game start failed', err);
  toast({
    title: 'Error',
    description: 'Failed to load game scenes',
    variant: 'destructive',
    errorId: 'game-home',
  });
}

/**
 * /game (product rules "Screens", "Play" rules 'Game home'). A player with no game yet goes straight into the first scene
 * (one click from the start page's 'Start Adventure Now'). Otherwise 'Loading game data...' for
 * 1.5 s, then the progress line with 'Continue Adventure' as the main button and 'Start New
 * Game'. The server keeps the game; these buttons ask it to continue or restart and then open
 * the scene it names. If starting fails, the screen offers 'Start New Game' to try again.
 */
export function GameHomeScreen() {
  useGamePageTitle(SCREEN_NAMES.home);
  const navigate = useNavigate();
  const session = useEnsureSession();
  const game = useGame(session.ready);
  const start = useStartGame();
  const resume = useContinueGame();
  const waited = useMinimumDelay(HOME_SPINNER_MS);
  const busy = start.isPending || resume.isPending;
  const [autoFailed, setAutoFailed] = useState(false);
  const [asking, setAsking] = useState(false);
  const autoStarted = useRef(false);
  const newPlayer = game.data !== undefined && !game.data.player.hasProgress;
  const autoStart = newPlayer && !autoFailed;
  const { mutateAsync: continueGame } = resume;

  useEffect(() => {
    if (!autoStart || autoStarted.current) return;
    autoStarted.current = true;
    continueGame()
      .then(async ({ player: next }) => {
        toast({ title: 'New Game Started', variant: 'default', duration: STATUS_TOAST_MS });
        await navigate(next.currentSceneId ? scenePath(next.currentSceneId) : '/', {
          replace: true,
        });
      })
      .catch((err: unknown) => {
        failed(err);
        setAutoFailed(true);
      });
  }, [autoStart, continueGame, navigate]);

  if (session.error || game.error) return <GameContextErrorState />;
  if (!game.data) return <PlayLoading text="Loading game data..." />;
  if (autoStart) return <PlayLoading text="Starting your adventure..." />;
  if (!waited && !newPlayer) return <PlayLoading text="Loading game data..." />;
  const player = game.data.player;
  const recovery = game.data.recovery ?? null;

  const open = async (sceneId: string | null) => {
    await navigate(sceneId ? scenePath(sceneId) : '/game');
  };

  const onContinue = async () => {
    try {
      const hadProgress = player.hasProgress;
      const { player: next } = await resume.mutateAsync();
      toast({
        title: hadProgress ? 'Game Continued' : 'New Game Started',
        variant: 'default',
        duration: STATUS_TOAST_MS,
      });
      await open(next.currentSceneId);
    } catch (err) {
      failed(err);
    }
  };
  // A game in progress is only wiped when the player says so; a finished one has nothing to lose.
  const inProgress = player.hasProgress && !player.finished;
  const onStart = async () => {
    setAsking(false);
    try {
      const { player: next } = await start.mutateAsync();
      toast({ title: 'New Game Started', variant: 'default', duration: STATUS_TOAST_MS });
      await open(next.currentSceneId);
    } catch (err) {
      failed(err);
    }
  };

  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-6 rounded-lg border border-border bg-card p-8 text-center">
      <h1 className="font-retro text-5xl text-glow">SEO Adventure</h1>
      <p className="text-2xl">
        <span className="text-muted-foreground">Progress: </span>
        <span data-testid="progress">{progressText(player)}</span>
      </p>
      {recovery ? (
        <div
          role="status"
          data-testid="recovery"
          className="rounded-md border border-dashed border-primary p-4 text-left text-lg"
        >
          <p className="font-retro text-2xl text-glow">The story has changed</p>
          <p>
            {recovery.reason === 'scene-removed'
              ? 'The scene you saved on has been removed by the authors.'
              : 'The scene you saved on no longer has a way forward.'}{' '}
            Continue Adventure picks up at “{recovery.sceneTitle}”, the nearest scene on your path,
            with your stats as they are.
          </p>
        </div>
      ) : null}
      <div className="flex w-full flex-col gap-3 sm:flex-row sm:justify-center">
        {inProgress && (
          <Button size="lg" onClick={onContinue} disabled={busy}>
            <Play aria-hidden="true" />
            Continue Adventure
          </Button>
        )}
        <Button
          size="lg"
          variant={inProgress ? 'outline' : 'default'}
          onClick={inProgress ? () => setAsking(true) : onStart}
          disabled={busy}
        >
          <RotateCcw aria-hidden="true" />
          {player.finished ? 'Play again' : 'Start New Game'}
        </Button>
      </div>
      {asking && (
        <Suspense fallback={null}>
          <NewGameDialog
            open={asking}
            sceneTitle={progressText(player)}
            busy={start.isPending}
            onCancel={() => setAsking(false)}
            onConfirm={() => void onStart()}
          />
        </Suspense>
      )}
    </div>
  );
}
