/**
 * Whether an error is a part of the app whose code could not be downloaded: after a deploy the
 * files a page open since before it was built with are gone (their names change with each
 * build). Chromium, Firefox and Safari word it differently; Vite adds its own for style sheets.
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to load module script/i.test(
    message,
  );
}

/** What the author or player is told when that happens. */
export const UPDATED_MESSAGE =
  'SEO Adventure was updated while this page was open, and a part of it could not be loaded. ' +
  'Reload the page to get the new version.';
