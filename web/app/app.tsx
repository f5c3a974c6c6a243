import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { seedBootData } from './boot-data.ts';
import { AppProviders } from './providers.tsx';
import { createQueryClient } from './query-client.ts';
import { createAppRouter } from './router.tsx';

/** The whole browser app: providers around the router. */
export function App() {
  const [client] = useState(() => {
    const c = createQueryClient();
    seedBootData(c);
    return c;
  });
  const [router] = useState(createAppRouter);
  return (
    <AppProviders client={client}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
