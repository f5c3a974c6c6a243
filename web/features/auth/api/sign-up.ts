import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Registration } from '../../../../core/api/form-rules.ts';
import { apiFetch } from '../../../lib/api.ts';

/** POST /api/auth/sign-up/email; the server signs the new account in and keeps a guest's progress. */
function signUp(input: Registration): Promise<unknown> {
  return apiFetch('/api/auth/sign-up/email', {
    body: { ...input, name: input.name.trim(), email: input.email.trim() },
  });
}

/** Registration mutation: on success every cached query is refetched for the new user. */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
