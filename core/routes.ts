/**
 * Path patterns of the browser app (product rules "Screens"). The server answers other paths with the app's
 * 404 page and a real 404 status, so crawlers never index a soft 404.
 */
const CLIENT_ROUTE_PATTERNS: readonly RegExp[] = [
  /^\/$/,
  /^\/landing$/,
  /^\/auth$/,
  /^\/game$/,
  /^\/game\/scene\/[^/]+$/,
  /^\/game\/advertisement\/[^/]+$/,
  /^\/game\/random-event$/,
  /^\/game\/[^/]+$/,
  /^\/take-a-break$/,
  /^\/consultant-submission$/,
  /^\/consultants$/,
  /^\/page\/[^/]+$/,
  /^\/admin(\/.*)?$/,
  /^\/teach(\/[^/]+)?$/,
  /^\/join(\/[^/]+)?$/,
];

/** True when the browser app has a screen for this path (query string ignored, trailing slash allowed). */
export function isClientRoute(pathname: string): boolean {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return CLIENT_ROUTE_PATTERNS.some((re) => re.test(p));
}

/** Paths that are one player's own (the game, sign-in, the break screen, classes): noindex, no canonical. */
const PRIVATE_ROUTE = /^\/(game|auth|take-a-break|teach|join)(\/|$)/;

/** True for a page search engines must not index because it is one player's own. */
export function isPrivateRoute(pathname: string): boolean {
  return PRIVATE_ROUTE.test(pathname);
}

/**
 * Paths served as the bare shell and rendered in the browser only: the admin area and class mode
 * (a teacher's pages and the join form, docs/class-mode.md), which carry no words for crawlers.
 */
export function isClientOnlyRoute(pathname: string): boolean {
  return /^\/(admin|teach|join)(\/|$)/.test(pathname);
}
