import type { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { BootData, RouterHydration } from '../core/api/boot.ts';
import { App } from './app/app.tsx';
import { seedBootData } from './app/boot-data.ts';
import { hydrationOf } from './app/hydration.ts';
import { createQueryClient } from './app/query-client.ts';
import { routes } from './app/router.tsx';

/** A page the router answers with a redirect (e.g. /game/{id} to /game/scene/{id}). */
export interface Redirect {
  redirect: string;
  status: number;
}

/** A rendered page whose shell is ready: pipe it into the response. */
export interface RenderedPage {
  /** 404 when a route's loader said so (an unknown footer page), else 200. */
  status: number;
  /** The router's data for hydration: goes into the page's boot data (core/api/boot.ts). */
  hydration: RouterHydration;
  pipe: (out: Writable) => void;
  abort: (reason?: unknown) => void;
}

const handler = createStaticHandler(routes);

/**
 * Renders one page of the browser's route table (web/app/router.tsx) on the server with React's
 * streaming renderer: the static handler matches the URL, loads the lazy screens and runs the
 * loaders; the query cache is seeded from the page's boot data exactly as the browser will seed
 * it (web/app/boot-data.ts), so the hydrated page is the same page. Resolves once the shell is
 * ready (everything outside Suspense boundaries, which on these screens is all of their text).
 */
export async function render(
  url: string,
  data: BootData,
  nonce: string,
  onError: (err: unknown) => void,
): Promise<Redirect | RenderedPage> {
  const context = await handler.query(new Request(url));
  if (context instanceof Response) {
    const location = context.headers.get('location');
    if (location && context.status >= 300 && context.status < 400) {
      return { redirect: location, status: context.status };
    }
    throw new Error(`the router answered ${url} with a ${context.status} response`);
  }
  const client = createQueryClient();
  seedBootData(client, data);
  const router = createStaticRouter(handler.dataRoutes, context);
  return new Promise((resolve, reject) => {
    const stream = renderToPipeableStream(
      <App client={client}>
        <StaticRouterProvider router={router} context={context} hydrate={false} nonce={nonce} />
      </App>,
      {
        nonce,
        onShellReady() {
          resolve({
            status: context.statusCode,
            hydration: hydrationOf(context),
            pipe: (out) => stream.pipe(out),
            abort: (reason) => stream.abort(reason),
          });
        },
        onShellError: reject,
        onError,
      },
    );
  });
}
