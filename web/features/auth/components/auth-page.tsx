import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { useSession } from '../api/get-session.ts';
import { useSignIn } from '../api/sign-in.ts';
import { useSignUp } from '../api/sign-up.ts';
import { AUTH_FAILURES, AuthCard, type AuthFailure, failureMessage } from './auth-card.tsx';
import { useKeepGameChoice } from './use-keep-game-choice.tsx';

const AFTER_AUTH = '/game/scene/intro';

/**
 * /auth (product rules "Screens", "Play" rules, "Messages" rules 'Auth'): with an account session on load, 'Already logged in' and on to
 * the intro scene; a guest may log in or register here and keeps their progress.
 */
export function AuthPage() {
  const navigate = useNavigate();
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
      void navigate(AFTER_AUTH, { replace: true });
    }
  }, [session.isSuccess, session.data, navigate]);

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
          await navigate(AFTER_AUTH);
        }}
        onRegister={async (values) => {
          await attempt(AUTH_FAILURES.register, () => signUp.mutateAsync(values));
          toast({
            title: 'Registration successful',
            description: 'Your account has been created and you are logged in.',
            variant: 'default',
          });
          await navigate(AFTER_AUTH);
        }}
      />
    </>
  );
}
