import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { sessionQueryOptions, useSession } from '../api/get-session.ts';
import { useSignIn } from '../api/sign-in.ts';
import { useSignUp } from '../api/sign-up.ts';
import { type AuthExit, landingAfterAuth, NEXT_PARAM } from '../landing.ts';
import { AUTH_FAILURES, AuthCard, type AuthFailure, failureMessage } from './auth-card.tsx';
import { useKeepGameChoice } from './use-keep-game-choice.tsx';

/**
 * /auth (product rules "Screens", "Play" rules, "Messages" rules 'Auth'): with an account session on load, 'Already logged in' and on to
 * the intro scene; a guest may log in or register here and keeps their progress. Admins land
 * on the dashboard instead, and `?next=` (set by the admin guard) returns to the page asked for
 * (landing.ts).
 */
export function AuthPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const next = params.get(NEXT_PARAM);
  const session = useSession();
  const signIn = useSignIn();
  const signUp = useSignUp();
  const checked = useRef(false);
  const keepGame = useKeepGameChoice();

  useEffect(() => {
    if (checked.current || !session.isSuccess) return;
    checked.current = true;
    const user = session.data?.user;
    if (user && !user.isAnonymous) {
      toast({ title: 'Already logged in', variant: 'default' });
      void navigate(landingAfterAuth(user, 'session', next), { replace: true });
    }
  }, [session.isSuccess, session.data, navigate, next]);

  /** Where to go now: decided by the account's role as the server reports it after the call. */
  const land = async (exit: AuthExit) => {
    const fresh = await queryClient
      .fetchQuery({ ...sessionQueryOptions, staleTime: 0 })
      .catch(() => null);
    await navigate(landingAfterAuth(fresh?.user, exit, next));
  };

  /** Runs the call; a failure is toasted and thrown on (the card shows it too). */
  const attempt = async (failure: AuthFailure, call: () => Promise<unknown>) => {
    try {
      await call();
    } catch (err) {
      const message = failureMessage(failure, err);
      toast({
        title: failure.title,
        description: message,
        variant: 'destructive',
        errorId: `${failure.title}:${message}`,
      });
      throw err instanceof Error ? err : new Error(failure.fallback);
    }
    checked.current = true;
  };

  return (
    <>
      {keepGame.dialog}
      <AuthCard
        onLogin={async (values) => {
          await attempt(AUTH_FAILURES.login, () => signIn.mutateAsync(values));
          toast({ title: 'Login successful', description: 'Welcome back!', variant: 'default' });
          // A guest who played logging in to an account with its own game picks which to keep.
          await keepGame.ask();
          await land('login');
        }}
        onRegister={async (values) => {
          await attempt(AUTH_FAILURES.register, () => signUp.mutateAsync(values));
          toast({
            title: 'Registration successful',
            description: 'Your account has been created and you are logged in.',
            variant: 'default',
          });
          await land('register');
        }}
      />
    </>
  );
}
