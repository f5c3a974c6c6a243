import { type ReactNode, useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { useSession } from '../api/get-session.ts';

/**
 * The admin guard (product rules "Screens"/"Roles"): 'Checking permissions...' first, then the admin pages for an
 * admin, or /auth for anyone else. The server refuses every /api/admin call on its own; this
 * only decides what to show.
 */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const session = useSession();
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
  if (!user || user.isAnonymous || user.role !== 'admin') return <Navigate to="/auth" replace />;
  return children ?? <Outlet />;
}
