import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Credentials } from '../../../../core/api/form-rules.ts';
import { apiFetch } from '../../../lib/api.ts';

/** POST /api/auth/sign-in/email. A guest's progress moves to the account on the server. */
function signIn(input: Credentials): Promise<unknown> {
  return apiFetch('/api/auth/sign-in/email', { body: { ...input, email: input.email.trim() } });
}

/** Login mutation: on success every cached query is refetched for the new user. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
