import {
  UNSAFE_ErrorResponseImpl as ErrorResponseImpl,
  type HydrationState,
  isRouteErrorResponse,
  matchRoutes,
  type RouteObject,
  type StaticHandlerContext,
} from 'react-router';
import type { RouterHydration } from '../../core/api/boot.ts';

/**
 * The router state a server render carries to the browser, as JSON: loader and action data,
 * and errors written the way React Router's own StaticRouterProvider writes them (a 404 thrown
 * by a loader stays a route error response, anything else becomes a plain error).
 */
export function hydrationOf(context: StaticHandlerContext): RouterHydration {
  let errors: Record<string, unknown> | null = null;
  for (const [id, e] of Object.entries(context.errors ?? {})) {
    errors ??= {};
    errors[id] = isRouteErrorResponse(e)
      ? { ...e, __type: 'RouteErrorResponse' }
      : e instanceof Error
        ? { message: e.message, __type: 'Error' }
        : e;
  }
  return { loaderData: context.loaderData, actionData: context.actionData, errors };
}

/** The browser's side of hydrationOf: the state createBrowserRouter starts from. */
export function hydrationState(h: RouterHydration): HydrationState {
  let errors: Record<string, unknown> | null = null;
  for (const [id, e] of Object.entries(h.errors ?? {})) {
    errors ??= {};
    const v = e as { __type?: string; status?: number; statusText?: string; data?: unknown };
    errors[id] =
      v?.__type === 'RouteErrorResponse'
        ? new ErrorResponseImpl(v.status ?? 500, v.statusText, v.data)
        : v?.__type === 'Error'
          ? new Error(String((e as { message?: unknown }).message ?? ''))
          : e;
  }
  return { loaderData: h.loaderData, actionData: h.actionData, errors };
}

/** What a lazy route module may give its route (web/app/router.tsx: screens export `Component`). */
const ROUTE_KEYS = ['Component', 'loader', 'action', 'ErrorBoundary', 'handle'] as const;

/**
 * Loads the lazy route modules the URL matches and puts them on their routes, before the browser
 * router is made: the router then starts initialized on the server's data and hydration renders
 * the same screens the server did (a lazy route would render the hydrate fallback first).
 */
export async function loadMatchedRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const mod = (await route.lazy()) as Record<string, unknown>;
      const target = route as Record<string, unknown>;
      for (const key of ROUTE_KEYS) if (mod[key] !== undefined) target[key] = mod[key];
      route.lazy = undefined;
    }),
  );
}
