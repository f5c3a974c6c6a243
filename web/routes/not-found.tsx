import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { SCREEN_NAMES } from '../../core/page-title.ts';
import { buttonVariants } from '../components/ui/button.tsx';
import { useGamePageTitle } from '../lib/page-title.ts';

/** The 404 page (product rules "Screens"): 'Oops! Page not found' and a way back home. */
export function NotFoundPage() {
  useGamePageTitle(SCREEN_NAMES.notFound);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-background p-6 text-center">
      <p aria-hidden="true" className="font-retro text-8xl text-glow">
        404
      </p>
      <h1 className="font-retro text-4xl text-glow">Oops! Page not found</h1>
      <Link to="/" className={buttonVariants({ size: 'lg' })}>
        Return to Home
      </Link>
    </main>
  );
}

/** The catch-all route: logs the unknown path (product rules "Screens") and shows the 404 page. */
export function UnknownRoutePage() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.warn('404: unknown route', pathname);
  }, [pathname]);
  return <NotFoundPage />;
}
