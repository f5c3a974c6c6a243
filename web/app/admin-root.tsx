import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Component as AdminLayout } from '../routes/admin/admin-layout.tsx';
import { createQueryClient } from './query-client.ts';

/**
 * The /admin branch: the admin layout inside its own TanStack Query client. TanStack Query is
 * loaded with the admin area only; player screens use web/lib/query.ts. A fresh cache each time
 * the admin area is entered, so nothing of another account's admin data outlives a sign-out.
 */
export function Component() {
  const [client] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client}>
      <AdminLayout />
    </QueryClientProvider>
  );
}
