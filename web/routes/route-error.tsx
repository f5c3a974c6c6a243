import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button, buttonVariants } from '../components/ui/button.tsx';
import { UnknownRoutePage } from './not-found.tsx';

/**
 * The last-resort error screen of the router: a 404 answer shows the 404 page; anything else
 * (a crashed screen, a screen whose code failed to download after a deploy) offers a reload.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    if (!notFound) console.error('Route error', error);
  }, [error, notFound]);
  if (notFound) return <UnknownRoutePage />;
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
