import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { AppProviders } from './providers.tsx';

/**
 * The whole app around its router: the browser's RouterProvider (web/main.tsx) or the
 * server's StaticRouterProvider (web/entry-server.tsx), so both render the same tree.
 */
export function App({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <AppProviders client={client}>{children}</AppProviders>
    </StrictMode>
  );
}
