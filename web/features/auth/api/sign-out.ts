import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiFetch } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';

/** Ends the session (Better Auth's POST /api/auth/sign-out). */
export function signOut(): Promise<unknown> {
  return apiFetch('/api/auth/sign-out', { method: 'POST', body: {} });
}

/**
 * Logout for the admin header (spec §6): signs out, forgets every cached query, says so and
 * goes to `redirectTo` ('/' from the admin header).
 */
export function useSignOut(redirectTo = '/') {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      queryClient.clear();
      toast({
        title: 'Logged out successfully',
        description: 'You have been successfully logged out',
        variant: 'default',
      });
      await navigate(redirectTo);
    },
    onError: (err) => {
      console.error('Logout failed', err);
      toast({
        title: 'Logout failed',
        description: 'There was an issue logging out',
        variant: 'destructive',
        errorId: 'logout-failed',
      });
    },
  });
}
