import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Toaster } from '../components/ui/sonner.tsx';
import { toast } from '../lib/toast.ts';

/** Shows spec §8's 'An unexpected error occurred' for promise rejections nobody handled. */
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
      <Toaster />
    </QueryClientProvider>
  );
}
