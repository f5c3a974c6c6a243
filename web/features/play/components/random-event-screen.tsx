import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { eventScreenName, SCREEN_NAMES } from '../../../../core/page-title.ts';
import { ArrowRight } from '../../../components/icons.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useGamePageTitle } from '../../../lib/page-title.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { useGame } from '../api/get-game.ts';
import { useEnsureSession } from '../api/use-ensure-session.ts';
import { useBackTrap } from '../hooks/use-back-trap.ts';
import { type RandomEventState, scenePath } from '../hooks/use-choice-flow.ts';
import { isRandomEvent } from '../lib/guards.ts';
import { PlayLoading } from './play-states.tsx';
import { RandomEventCard } from './random-event-card.tsx';

/**
 * /game/random-event (product rules "Screens"): the event the server applied with the last choice, from the
 * navigation state, then 'Continue' (focused, without scrolling: the screen opens at its top) to
 * the held scene. Opened without one (typed in, or a link), it says there is no event to show
 * and 'Continue' goes on to the player's saved scene. The navigation state is read only after
 * hydration: the server never has it, and the first render must match the server's.
 */
export function RandomEventScreen() {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const location = useLocation();
  const state = (hydrated ? location.state : null) as Partial<RandomEventState> | null;
  useBackTrap();
  const session = useEnsureSession();
  const game = useGame(session.ready);
  const event = isRandomEvent(state?.event) ? state.event : null;
  useGamePageTitle(event ? eventScreenName(event.title) : SCREEN_NAMES.event);
  const returnSceneId = state?.returnSceneId ?? game.data?.player.currentSceneId ?? null;
  const target = returnSceneId ? scenePath(returnSceneId) : '/game';
  const ready = event !== null || game.isFetched || Boolean(session.error);
  const continueButton = useRef<HTMLButtonElement>(null);
  // The one thing to do here is go on: keyboard and screen-reader users start on Continue.
  useEffect(() => {
    if (ready) continueButton.current?.focus({ preventScroll: true });
  }, [ready]);

  if (!hydrated || !ready) return <PlayLoading text="Preparing your adventure..." />;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4" data-screen="random-event">
      {event ? (
        <RandomEventCard event={event} />
      ) : (
        <div className="flex flex-col gap-3 rounded-lg border border-border bg-card p-6 text-center">
          <h1 className="font-retro text-4xl text-glow">No random event right now</h1>
          <p className="text-xl text-muted-foreground">
            Random events happen between scenes while you play. Your game is saved where you left
            it.
          </p>
        </div>
      )}
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
