import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from './confirm-dialog.tsx';

/**
 * Asks before unsaved work is lost ('Never lose work'): in-app navigation waits for
 * 'Leave without saving' (React Router's blocker), and closing or reloading the tab gets the
 * browser's own question (beforeunload). `allowNext()` lets the editor's own navigation after a
 * save through.
 */
export function useUnsavedGuard(dirty: boolean, what: string) {
  const bypass = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !bypass.current &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers show the question only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const dialog = (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Leave without saving?"
      stayLabel="Stay and keep editing"
      goLabel="Leave without saving"
      onStay={() => blocker.reset?.()}
      onGo={() => blocker.proceed?.()}
    >
      Your changes to {what} are not saved. A draft stays in this browser, and the editor offers it
      when you come back.
    </ConfirmDialog>
  );
  return {
    dialog,
    /** Lets the next navigation through (after a successful save). */
    allowNext: () => {
      bypass.current = true;
      queueMicrotask(() => {
        bypass.current = false;
      });
    },
  };
}
