import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useCallback, useRef, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { getGameChoice, keepGame } from '../api/game-choice.ts';
import type { Choice, Keep } from './keep-game-dialog.tsx';

const KeepGameDialog = lazy(() =>
  import('./keep-game-dialog.tsx').then((m) => ({ default: m.KeepGameDialog })),
);

/**
 * After a login: `ask()` resolves at once when there is nothing to choose, otherwise once the
 * player has kept one game (render `dialog` somewhere on the page).
 */
export function useKeepGameChoice(): { dialog: ReactNode; ask: () => Promise<void> } {
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<Choice | null>(null);
  const [busy, setBusy] = useState(false);
  const [asked, setAsked] = useState(false);
  const resolve = useRef<(() => void) | null>(null);

  const ask = useCallback(async () => {
    const open = await getGameChoice().catch(() => ({ choice: null }));
    if (!open.choice) return;
    setAsked(true);
    await new Promise<void>((done) => {
      resolve.current = done;
      setChoice(open.choice);
    });
  }, []);

  const onKeep = async (keep: Keep) => {
    setBusy(true);
    try {
      await keepGame(keep);
      await queryClient.invalidateQueries();
      setChoice(null);
      resolve.current?.();
      resolve.current = null;
    } catch (err) {
      const message = err instanceof Error ? err.message : 'Please try again';
      toast({ title: 'Could not keep that game', description: message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  // The dialog (and Radix's Dialog under it) loads the first time there is a choice to make.
  const dialog = asked ? (
    <Suspense fallback={null}>
      <KeepGameDialog choice={choice} busy={busy} onKeep={onKeep} />
    </Suspense>
  ) : null;
  return { dialog, ask };
}
