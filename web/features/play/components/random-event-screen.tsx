import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ArrowRight } from '../../../components/icons.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../lib/toast.ts';
import { useGame } from '../api/get-game.ts';
import { useEnsureSession } from '../api/use-ensure-session.ts';
import { useBackTrap } from '../hooks/use-back-trap.ts';
import { type RandomEventState, scenePath } from '../hooks/use-choice-flow.ts';
import { isRandomEvent } from '../lib/guards.ts';
import { PlayLoading } from './play-states.tsx';
import { RandomEventCard } from './random-event-card.tsx';

/**
 * /game/random-event (product rules "Screens"): the event the server applied with the last choice, from the
 * navigation state, then 'Continue' (focused) to the held scene. Without a valid event (e.g. after a
 * reload) it says 'Random Event Error' and goes on to the player's saved scene.
 */
export function RandomEventScreen() {
  const navigate = useNavigate();
  const state = useLocation().state as Partial<RandomEventState> | null;
  useBackTrap();
  const session = useEnsureSession();
  const game = useGame(session.ready);
  const event = isRandomEvent(state?.event) ? state.event : null;
  const returnSceneId = state?.returnSceneId ?? game.data?.player.currentSceneId ?? null;
  const target = returnSceneId ? scenePath(returnSceneId) : '/game';
  const invalid = event === null;
  const continueButton = useRef<HTMLButtonElement>(null);
  // The one thing to do here is go on: keyboard and screen-reader users start on Continue.
  useEffect(() => {
    if (!invalid) continueButton.current?.focus();
  }, [invalid]);
  const canLeave =
    !invalid || Boolean(state?.returnSceneId) || game.isFetched || Boolean(session.error);

  useEffect(() => {
    if (!invalid || !canLeave) return;
    toast({
      title: 'Random Event Error',
      description: 'Failed to process random event. Please try again later.',
      variant: 'destructive',
      errorId: 'random-event',
    });
    void navigate(target, { replace: true });
  }, [invalid, canLeave, target, navigate]);

  if (event === null) return <PlayLoading text="Preparing your adventure..." />;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <RandomEventCard event={event} />
      <div className="flex justify-center">
        <Button
          ref={continueButton}
          size="lg"
          onClick={() => void navigate(target, { replace: true })}
        >
          Continue
          <ArrowRight aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
