import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useSyncExternalStore } from 'react';
import { LoadBoundary } from '../components/load-boundary.tsx';
import { isToasterWanted, subscribeToasterWanted, toast } from '../lib/toast.ts';

const Toaster = lazy(() =>
  import('../components/ui/sonner.tsx').then((m) => ({ default: m.Toaster })),
);

/** The toaster, on the page from the first toast on (sonner is not part of the first download). */
function ToasterWhenWanted() {
  const wanted = useSyncExternalStore(subscribeToasterWanted, isToasterWanted, () => false);
  if (!wanted) return null;
  // Its code missing after a deploy must not take the whole page down with it.
  return (
    <LoadBoundary quiet>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </LoadBoundary>
  );
}

/** Shows product rules "Messages"'s 'An unexpected error occurred' for promise rejections nobody handled. */
function useUnhandledRejectionToast(): void {
  useEffect(() => {
    const onRejection = (event: PromiseRejectionEvent) => {
      console.error('Unhandled promise rejection', event.reason);
      toast({
        title: 'Error',
        description: 'An unexpected error occurred',
        variant: 'destructive',
        errorId: 'unhandled-rejection',
      });
    };
    window.addEventListener('unhandledrejection', onRejection);
    return () => window.removeEventListener('unhandledrejection', onRejection);
  }, []);
}

/** Everything the screens share: the query client and the toaster. */
export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  useUnhandledRejectionToast();
  return (
    <QueryClientProvider client={client}>
      {children}
      <ToasterWhenWanted />
    </QueryClientProvider>
  );
}
