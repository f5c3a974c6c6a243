import './styles/globals.css';
import { useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { App } from './app/app.tsx';
import { readBootData, seedBootData } from './app/boot-data.ts';
import { hydrationState, loadMatchedRoutes } from './app/hydration.ts';
import { createQueryClient } from './app/query-client.ts';
import { routes } from './app/router.tsx';
import { nextTask } from './lib/after-paint.ts';
import { windowWithHeldHistory } from './lib/held-history.ts';
import { getActivePlaytest } from './lib/playtest.ts';
import { beginHydration } from './lib/use-hydrated.ts';

/**
 * The click the page's loader (server/services/preload.ts) held back because it came before the
 * app ran: the last button clicked on the server-rendered page, if any. Asking stops the holding.
 */
function takeEarlyClick(): HTMLElement | undefined {
  const w = window as { __seoEarlyClick?: () => HTMLElement | undefined };
  return w.__seoEarlyClick?.();
}

/**
 * Plays a held-back click again once the hydrated page has committed (renders nothing, so the
 * server's HTML and the hydrated tree stay the same): pointer and mouse down and up, then the
 * click, as some controls (tabs) act on the press.
 */
function ReplayClick({ target }: { target: HTMLElement | undefined }) {
  useEffect(() => {
    if (!target?.isConnected) return;
    const init = { bubbles: true, cancelable: true, button: 0 };
    target.dispatchEvent(new PointerEvent('pointerdown', init));
    target.dispatchEvent(new MouseEvent('mousedown', init));
    target.dispatchEvent(new PointerEvent('pointerup', init));
    target.dispatchEvent(new MouseEvent('mouseup', init));
    target.click();
  }, [target]);
  return null;
}

/**
 * Starts the app. A server-rendered page (web/entry-server.tsx) is hydrated from the data it
 * was rendered from: the same query cache, the router's loader data, the matched screens loaded
 * first. The admin area (served as the bare shell) and an admin's play-test (the server rendered
 * their real game, not the test) are rendered in the browser instead.
 */
async function start(root: HTMLElement): Promise<void> {
  // The modules' evaluation is a task; what follows up to the hydration another (a phone's
  // long tasks are counted one by one: docs/performance.md, 'Lighthouse's total blocking time').
  await nextTask();
  const data = readBootData();
  const playtest = getActivePlaytest() !== null;
  const client = createQueryClient();
  seedBootData(client, data, { playtest });
  const hydration = data?.router && !playtest && root.hasChildNodes() ? data.router : null;
  // A start screen that carries the new game (web/routes/start-button.ts paints it at the click)
  // also has its first scene's screens put on their routes: '/' preloads their chunks
  // (server/services/preload.ts), and with nothing left to load the router renders the scene in
  // the click itself, instead of first rendering the start screen again as 'loading'. Should
  // they fail to load, the router loads them at the click, as before.
  const ahead = hydration && data?.newGame && !playtest ? data.newGame.scene.scene.id : null;
  if (hydration)
    await Promise.all([
      loadMatchedRoutes(routes, window.location.pathname),
      ahead &&
        loadMatchedRoutes(routes, `/game/scene/${encodeURIComponent(ahead)}`).catch(() => {}),
    ]);
  const router = createBrowserRouter(routes, {
    window: windowWithHeldHistory(),
    ...(hydration ? { hydrationData: hydrationState(hydration) } : {}),
  });
  // The boot data, the routes and the router are one task; the hydration another.
  if (hydration) await nextTask();
  const app = (
    <App client={client}>
      <RouterProvider router={router} />
    </App>
  );
  // The browser runs Preact (vite.config.ts): hydration is one synchronous pass over React's
  // server HTML (docs/architecture.md, 'Two renderers'); screens that differ in the browser
  // render again right after it (web/lib/use-hydrated.ts). A click meanwhile is replayed.
  if (hydration) {
    const early = takeEarlyClick();
    const hydrated = beginHydration();
    hydrateRoot(
      root,
      <>
        {app}
        <ReplayClick target={early} />
      </>,
    );
    // The parts that hydrate later (web/lib/hydrate-later.tsx), a task each.
    await hydrated();
  } else {
    takeEarlyClick();
    root.replaceChildren();
    createRoot(root).render(app);
  }
  // Every handler is attached now (the parts hydrated later too). Tests and the bench wait for
  // this mark before they click (a click before the hydration is the served page's: preload.ts
  // holds it).
  document.documentElement.dataset.appReady = '';
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
void start(root);
