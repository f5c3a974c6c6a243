import { useNavigate } from 'react-router';
import { SCREEN_NAMES } from '../../../../core/page-title.ts';
import { Coffee, Play } from '../../../components/icons.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useGamePageTitle } from '../../../lib/page-title.ts';
import { useGame } from '../api/get-game.ts';
import { useEnsureSession } from '../api/use-ensure-session.ts';
import { scenePath } from '../hooks/use-choice-flow.ts';

/**
 * /take-a-break (product rules "Screens"): where the back button leads during play. 'Resume' returns to the
 * scene the server has saved (replacing this entry, so the trap stays one entry deep), or to
 * the game home when there is none.
 */
export function TakeABreakScreen() {
  useGamePageTitle(SCREEN_NAMES.takeABreak);
  const navigate = useNavigate();
  const session = useEnsureSession();
  const game = useGame(session.ready);
  const saved = game.data?.player.currentSceneId ?? null;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-6 rounded-lg border border-border bg-card p-8 text-center">
      <Coffee aria-hidden="true" className="size-12 text-primary" />
      <h1 className="font-retro text-5xl text-glow">Take a Break</h1>
      <p className="text-xl text-muted-foreground">
        Your progress is saved. Stretch, grab a coffee, and come back when you are ready to climb
        the rankings again.
      </p>
      <Button
        size="lg"
        disabled={game.isPending && session.ready}
        onClick={() => void navigate(saved ? scenePath(saved) : '/game', { replace: true })}
      >
        <Play aria-hidden="true" />
        Resume
      </Button>
    </div>
  );
}
