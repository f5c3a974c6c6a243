import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** Where the back button leads while in the game (product rules "Screens" 'Back trap'). */
const TAKE_A_BREAK_PATH = '/take-a-break';

/**
 * Whether a sentinel history entry is in place. Kept outside React on purpose: the game screens
 * (scene, advertisement, random event) replace each other, and one sentinel must serve them all
 * instead of each screen pushing its own.
 */
let armed = false;

/**
 * The back-button trap (docs/decisions.md), replacing the spec's re-push every 300 ms: on entering the
 * game one sentinel entry (a copy of the current entry) is pushed, so 'back' stays inside the
 * app; in-game moves replace entries and keep that one sentinel. When the player goes back the
 * browser pops to the entry below, and this sends them to /take-a-break, replacing that entry.
 * The next game screen re-arms the trap.
 */
export function useBackTrap(): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!armed) {
      window.history.pushState(window.history.state, '', window.location.href);
      armed = true;
    }
    const onPopState = () => {
      armed = false;
      void navigate(TAKE_A_BREAK_PATH, { replace: true });
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [navigate]);
}
