import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiFetch } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';

/** Ends the session (Better Auth's POST /api/auth/sign-out). */
function signOut(): Promise<unknown> {
  return apiFetch('/api/auth/sign-out', { method: 'POST', body: {} });
}

const MESSAGES = {
  game: {
    done: { title: 'Logged out successfully' },
    failed: 'There was a problem logging out. Please try again.',
  },
  admin: {
    done: { title: 'Logged Out', description: 'You have been successfully logged out' },
    failed: 'There was an issue logging out',
  },
} as const;

/**
 * Logout (product rules "Roles", "Messages" rules): signs out, forgets every cached query (the next user must not see this
 * one's data), says so and goes to `redirectTo` — '/' from the headers, '/auth' from admin pages.
 */
export function useSignOut(redirectTo = '/', area: keyof typeof MESSAGES = 'game') {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const messages = MESSAGES[area];
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      queryClient.clear();
      toast({ ...messages.done, variant: 'default' });
      await navigate(redirectTo);
    },
    onError: (err) => {
      console.error('Logout failed', err);
      toast({
        title: 'Logout failed',
        description: messages.failed,
        variant: 'destructive',
        errorId: 'logout-failed',
      });
    },
  });
}
