/**
 * Path patterns of the browser app (spec §2). The server answers other paths with the app's
 * 404 page and a real 404 status, so crawlers never index a soft 404.
 */
export const CLIENT_ROUTE_PATTERNS: readonly RegExp[] = [
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
];

/** True when the browser app has a screen for this path (query string ignored, trailing slash allowed). */
export function isClientRoute(pathname: string): boolean {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return CLIENT_ROUTE_PATTERNS.some((re) => re.test(p));
}
