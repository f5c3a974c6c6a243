import './styles/globals.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { App } from './app/app.tsx';
import { readBootData, seedBootData } from './app/boot-data.ts';
import { hydrationState, loadMatchedRoutes } from './app/hydration.ts';
import { createQueryClient } from './app/query-client.ts';
import { routes } from './app/router.tsx';
import { getActivePlaytest } from './lib/playtest.ts';

/**
 * Starts the app. A server-rendered page (web/entry-server.tsx) is hydrated from the data it
 * was rendered from: the same query cache, the router's loader data, the matched screens loaded
 * first. The admin area (served as the bare shell) and an admin's play-test (the server rendered
 * their real game, not the test) are rendered in the browser instead.
 */
async function start(root: HTMLElement): Promise<void> {
  const data = readBootData();
  const playtest = getActivePlaytest() !== null;
  const client = createQueryClient();
  seedBootData(client, data, { playtest });
  const hydration = data?.router && !playtest && root.hasChildNodes() ? data.router : null;
  if (hydration) await loadMatchedRoutes(routes, window.location.pathname);
  const router = createBrowserRouter(
    routes,
    hydration ? { hydrationData: hydrationState(hydration) } : undefined,
  );
  const app = (
    <App client={client}>
      <RouterProvider router={router} />
    </App>
  );
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page (a click meanwhile is replayed once its part is ready).
  if (hydration) startTransition(() => void hydrateRoot(root, app));
  else {
    root.replaceChildren();
    createRoot(root).render(app);
  }
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
void start(root);
