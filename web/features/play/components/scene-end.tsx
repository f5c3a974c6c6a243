import { Link, useNavigate } from 'react-router';
import { RotateCcw } from '../../../components/icons.ts';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { toast } from '../../../lib/toast.ts';
import { useStartGame } from '../api/start-game.ts';
import { scenePath } from '../hooks/use-choice-flow.ts';
import { EndingRecap } from './ending-recap.tsx';

/**
 * Where the options would be on a scene without any (product rules "Screens"): on an ending,
 * 'The End', the recap of this game and 'Play again' (a finished game has nothing to lose, so it
 * restarts at once); on a scene the authors left without options, a way back to the game home.
 */
export function SceneEnd({ isEnding }: { isEnding: boolean }) {
  const navigate = useNavigate();
  const start = useStartGame();
  const playAgain = async () => {
    try {
      const { player } = await start.mutateAsync();
      await navigate(player.currentSceneId ? scenePath(player.currentSceneId) : '/game');
    } catch (err) {
      console.error('Game start failed', err);
      toast({
        title: 'Error',
        description: 'The new game could not be started. Please try again.',
        variant: 'destructive',
        errorId: 'play-again',
      });
    }
  };
  return (
    <section aria-labelledby="options-heading" className="flex flex-col items-start gap-3">
      <h2 id="options-heading" className="font-retro text-3xl text-glow">
        {isEnding ? 'The End' : 'What will you do?'}
      </h2>
      <p className="text-xl text-muted-foreground">
        {isEnding
          ? 'Your adventure ends here. Play again to try another path.'
          : 'There are no options here yet.'}
      </p>
      {isEnding && <EndingRecap />}
      <div className="flex flex-wrap gap-3">
        {isEnding && (
          <Button onClick={() => void playAgain()} disabled={start.isPending}>
            <RotateCcw aria-hidden="true" />
            Play again
          </Button>
        )}
        <Link to="/game" className={buttonVariants({ variant: isEnding ? 'outline' : 'default' })}>
          Return to Game Home
        </Link>
      </div>
    </section>
  );
}
