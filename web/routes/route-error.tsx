import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button, buttonVariants } from '../components/ui/button.tsx';
import { isChunkLoadError, UPDATED_MESSAGE } from '../lib/chunk-error.ts';
import { UnknownRoutePage } from './not-found.tsx';

/**
 * The last-resort error screen of the router: a 404 answer shows the 404 page; anything else
 * (a crashed screen) offers a reload; a screen whose code could not be downloaded after a deploy
 * says that a new version is online, with 'Reload'.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    if (!notFound) console.error('Route error', error);
  }, [error, notFound]);
  if (notFound) return <UnknownRoutePage />;
  if (isChunkLoadError(error)) {
    return (
      <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-background p-6 text-center">
        <div role="alert" className="flex flex-col items-center gap-4">
          <h1 className="font-retro text-4xl text-glow">A new version is online</h1>
          <p className="max-w-md text-xl text-muted-foreground">
            {UPDATED_MESSAGE} What you typed in an editor is kept as a draft in this browser.
          </p>
          <Button onClick={() => window.location.reload()}>Reload</Button>
        </div>
      </main>
    );
  }
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-background p-6 text-center">
      <h1 className="font-retro text-4xl text-glow">Something went wrong</h1>
      <p className="max-w-md text-xl text-muted-foreground">
        This screen could not be shown. Reloading the page usually helps.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>Reload Page</Button>
        <Link to="/" className={buttonVariants({ variant: 'outline' })}>
          Return to Home
        </Link>
      </div>
    </main>
  );
}
