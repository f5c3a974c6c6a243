import { type ReactNode, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { useSession } from '../api/get-session.ts';
import { authPathFor } from '../landing.ts';

/**
 * The admin guard (product rules "Screens"/"Roles"): 'Checking permissions...' first, then the admin pages for an
 * admin, or /auth for anyone else (with `?next=` back to the page for someone not signed in). The server refuses every /api/admin call on its own; this
 * only decides what to show.
 */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  useEffect(() => {
    if (session.isError) {
      toast({
        title: 'Authentication Error',
        description: 'Failed to verify admin privileges',
        variant: 'destructive',
        errorId: 'admin-check-failed',
      });
    }
  }, [session.isError]);

  if (session.isPending) {
    return (
      <main className="grid min-h-dvh place-items-center bg-background">
        <p role="status" className="text-2xl">
          Checking permissions...
        </p>
      </main>
    );
  }
  const user = session.data?.user;
  // Someone not signed in is asked to log in and brought back here; a signed-in non-admin is
  // not (they would only be sent back to /auth).
  if (!user || user.isAnonymous) {
    const here = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={authPathFor(here)} replace />;
  }
  if (user.role !== 'admin') return <Navigate to="/auth" replace />;
  return children ?? <Outlet />;
}
