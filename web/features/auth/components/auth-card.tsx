import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { type FieldValues, type Path, type UseFormReturn, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { loginSchema, registerSchema } from '../../../../core/api/session.ts';
import { AlertCircle } from '../../../components/icons.ts';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import type { Credentials } from '../api/sign-in.ts';
import type { Registration } from '../api/sign-up.ts';

/** What a failed login or registration says: its title, and the text when the error has none. */
export interface AuthFailure {
  title: string;
  fallback: string;
}

/** The failures of the two tabs, shown in the card's alert and in the page's toast. */
export const AUTH_FAILURES = {
  login: { title: 'Login failed', fallback: 'An error occurred during login' },
  register: { title: 'Registration failed', fallback: 'An error occurred during registration' },
} satisfies Record<string, AuthFailure>;

/** The error's own message, or the failure's fallback text. */
export const failureMessage = (failure: AuthFailure, err: unknown): string =>
  err instanceof Error && err.message ? err.message : failure.fallback;

/** A tab of the card: its name, its fields, its button's texts and what its failure says. */
interface AuthTabSpec<T extends FieldValues> {
  value: string;
  fields: Omit<FieldProps<T>, 'form'>[];
  submitLabel: string;
  busyLabel: string;
  failure: AuthFailure;
}

const EMAIL_FIELD = {
  name: 'email',
  label: 'Email',
  type: 'email',
  autoComplete: 'email',
} as const;

const LOGIN: AuthTabSpec<Credentials> = {
  value: 'login',
  fields: [
    EMAIL_FIELD,
    { name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password' },
  ],
  submitLabel: 'Login',
  busyLabel: 'Logging in...',
  failure: AUTH_FAILURES.login,
};

const REGISTER: AuthTabSpec<Registration> = {
  value: 'register',
  fields: [
    { name: 'name', label: 'Name', autoComplete: 'name' },
    EMAIL_FIELD,
    {
      name: 'password',
      label: 'Password',
      type: 'password',
      autoComplete: 'new-password',
      hint: 'At least 6 characters.',
    },
  ],
  submitLabel: 'Register',
  busyLabel: 'Creating account...',
  failure: AUTH_FAILURES.register,
};

export interface AuthCardProps {
  onLogin(values: Credentials): Promise<void>;
  onRegister(values: Registration): Promise<void>;
}

/**
 * The /auth card (product rules "Screens", "Play" rules): 'SEO Adventure Game' with Login (default) and Register tabs,
 * and 'Play as guest' into the game without an account (progress carries over on registering).
 * Each submit shows its loading text; a failure shows an inline destructive alert (the caller
 * also toasts it); switching tabs clears the alert.
 */
export function AuthCard({ onLogin, onRegister }: AuthCardProps) {
  const [tab, setTab] = useState('login');
  const [error, setError] = useState<{ title: string; message: string } | null>(null);
  const login = useForm<Credentials>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const register = useForm<Registration>({
    resolver: zodResolver(registerSchema),
    defaultValues: { name: '', email: '', password: '' },
  });

  const run = async (failure: AuthFailure, action: () => Promise<void>) => {
    setError(null);
    try {
      await action();
    } catch (err) {
      setError({ title: failure.title, message: failureMessage(failure, err) });
    }
  };

  return (
    <Card className="mx-auto w-full max-w-md">
      <CardHeader>
        <CardTitle as="h1" className="text-3xl">
          SEO Adventure Game
        </CardTitle>
        <CardDescription>
          Log in or create an account to keep your progress on every device.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs
          value={tab}
          onValueChange={(v) => {
            setTab(v);
            setError(null);
          }}
        >
          <TabsList className="grid w-full grid-cols-2">
            <TabsTrigger value="login">Login</TabsTrigger>
            <TabsTrigger value="register">Register</TabsTrigger>
          </TabsList>
          {error && (
            <Alert variant="destructive" className="mt-4" role="alert">
              <AlertCircle aria-hidden="true" />
              <AlertTitle>{error.title}</AlertTitle>
              <AlertDescription>{error.message}</AlertDescription>
            </Alert>
          )}
          <AuthTab tab={LOGIN} form={login} run={run} submit={onLogin} />
          <AuthTab tab={REGISTER} form={register} run={run} submit={onRegister} />
        </Tabs>
        <div className="mt-6 flex flex-col items-center gap-2 border-t border-border pt-4 text-center">
          <p className="text-muted-foreground">No account needed to start.</p>
          <Link to="/game" className={buttonVariants({ variant: 'outline', className: 'w-full' })}>
            Play as guest
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}

/** One tab's form: its fields and the submit button with its loading text. */
function AuthTab<T extends FieldValues>({
  tab,
  form,
  run,
  submit,
}: {
  tab: AuthTabSpec<T>;
  form: UseFormReturn<T>;
  run: (failure: AuthFailure, action: () => Promise<void>) => Promise<void>;
  submit: (values: T) => Promise<void>;
}) {
  const busy = form.formState.isSubmitting;
  return (
    <TabsContent value={tab.value}>
      <form
        noValidate
        className="mt-4 space-y-4"
        onSubmit={form.handleSubmit((v) => run(tab.failure, () => submit(v)))}
      >
        {tab.fields.map((f) => (
          <Field key={f.name} form={form} {...f} />
        ))}
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? tab.busyLabel : tab.submitLabel}
        </Button>
      </form>
    </TabsContent>
  );
}

interface FieldProps<T extends FieldValues> {
  form: UseFormReturn<T>;
  name: Path<T>;
  label: string;
  type?: string;
  autoComplete?: string;
  hint?: string;
}

/** A labelled input with its validation message announced to screen readers. */
function Field<T extends FieldValues>({
  form,
  name,
  label,
  type = 'text',
  autoComplete,
  hint,
}: FieldProps<T>) {
  const id = useId();
  const fieldError = form.formState.errors[name]?.message;
  const describedBy = [hint ? `${id}-hint` : null, fieldError ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type={type}
        autoComplete={autoComplete}
        aria-invalid={fieldError ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...form.register(name)}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      {typeof fieldError === 'string' && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {fieldError}
        </p>
      )}
    </div>
  );
}
