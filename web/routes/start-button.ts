import { useQueryClient } from '@tanstack/react-query';
import { type MouseEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import type { BootData } from '../../core/api/boot.ts';
import { gamePageTitle } from '../../core/page-title.ts';
import { seedBootData } from '../app/boot-data.ts';
import { startPlay } from '../features/play/api/start-play.ts';
import { errorMessage } from '../lib/api.ts';
import { getActivePlaytest } from '../lib/playtest.ts';
import { toast } from '../lib/toast.ts';

/** A click the browser should handle itself: a new tab or window, a download, not the main button. */
function ownClick(event: MouseEvent): boolean {
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  );
}

/**
 * Loads the game layout's and the scene screen's modules (the same chunks the router's lazy
 * routes load), so they arrive while the start request is on its way instead of after it. Asked
 * when the pointer or focus reaches the button, and again on the click (a second ask costs
 * nothing).
 */
function warmScene(): void {
  void import('./game/game-layout.tsx');
  void import('./game/scene.tsx');
}

/**
 * 'Start Adventure Now' on the start screen (docs/architecture.md 'First visit: Start'): one
 * POST /api/play/start makes the guest session when there is none, continues the game or starts
 * one, and answers the scene with its options and what its screen reads first. That answer goes
 * into the query cache exactly as the page data of a server-rendered scene would, the tab takes
 * the scene's title, and the scene opens with nothing left to fetch before its options. The
 * screen's code is fetched alongside (warmScene). The link's own target (/game, the game home) stays for a new tab, a play-test (which ends there)
 * and a browser without scripts. A failure is said next to the button, in the server's words.
 */
export function useStartButton() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (ownClick(event) || getActivePlaytest()) return;
    event.preventDefault();
    warmScene();
    setBusy(true);
    setError(null);
    startPlay()
      .then(async ({ resumed, session, game, scene, sponsors, fonts, news }) => {
        const data: Partial<BootData> = { session, game, sponsors, fonts, news };
        if (scene) data.scene = scene;
        seedBootData(queryClient, data);
        if (scene) document.title = gamePageTitle(scene.scene.title);
        const sceneId = game.player.currentSceneId;
        // The scene's path written out: the choice flow's scenePath would bring its module to '/'.
        await navigate(sceneId ? `/game/scene/${encodeURIComponent(sceneId)}` : '/game');
        // As the game home says it (game-home-screen.tsx): brief, the scene shows the rest.
        toast({
          title: resumed ? 'Game Continued' : 'New Game Started',
          variant: 'default',
          duration: 3000,
        });
      })
      .catch((err: unknown) => {
        setError(errorMessage(err));
        setBusy(false);
      });
  };
  return { onClick, onPointerEnter: warmScene, onFocus: warmScene, busy, error };
}
