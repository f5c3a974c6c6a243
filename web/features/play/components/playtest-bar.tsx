import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { FlaskConical } from '../../../components/icons.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  type ActivePlaytest,
  clearActivePlaytest,
  getActivePlaytest,
} from '../../../lib/playtest.ts';
import { toast } from '../../../lib/toast.ts';
import { playKeys } from '../api/query-keys.ts';

/** Ends the tab's play-test: its id forgotten and its game dropped from the cache. Returns it. */
function endPlaytest(queryClient: QueryClient): ActivePlaytest | null {
  const active = getActivePlaytest();
  if (!active) return null;
  clearActivePlaytest();
  queryClient.removeQueries({ queryKey: playKeys.all });
  return active;
}

/** A test ended by arriving at the game home, not yet said (kept outside the component: a first render React throws away runs the state initializer again, which then finds no test). */
let endedUnsaid = false;

/**
 * The game home is outside any play-test: a test game has no home, 'Continue' or 'Start New
 * Game' (a new test starts from the editor). Arriving there ends the test before the screen
 * asks for a game, so it shows the admin's own, and a toast says so.
 */
export function useEndPlaytestHere(): void {
  const queryClient = useQueryClient();
  useState(() => {
    if (endPlaytest(queryClient)) endedUnsaid = true;
  });
  useEffect(() => {
    if (!endedUnsaid) return;
    endedUnsaid = false;
    toast({
      title: 'Play-test ended',
      description: 'This is your own game. Start another test from the editor or the story map.',
      variant: 'default',
    });
  }, []);
}

/**
 * The bar over the game while an admin play-tests ('Play from here'): says it is a test
 * that never touches their real game, and leads back to where the test was started.
 */
export function PlaytestBar() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [active, setActive] = useState<ActivePlaytest | null>(() => getActivePlaytest());
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read the tab's play-test on every navigation
  useEffect(() => setActive(getActivePlaytest()), [location.key]);
  if (!active) return null;

  const back = async () => {
    endPlaytest(queryClient);
    setActive(null);
    await navigate(active.returnTo);
  };

  return (
    <div
      role="status"
      data-testid="playtest-bar"
      className="border-b-2 border-dashed border-yellow-400 bg-yellow-400/10 text-yellow-200"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-2 text-lg">
        <p className="flex items-center gap-2">
          <FlaskConical aria-hidden="true" className="size-5 shrink-0" />
          <span>
            <strong>Play-test</strong> from “{active.sceneTitle}” — your real game is not touched.
          </span>
        </p>
        <Button size="sm" variant="outline" onClick={back}>
          Back to editor
        </Button>
      </div>
    </div>
  );
}
