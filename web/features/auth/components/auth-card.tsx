import { zodResolver } from '@hookform/resolvers/zod';
import { AlertCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { type FieldValues, type Path, type UseFormReturn, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { loginSchema, registerSchema } from '../../../../core/api/session.ts';
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

  const run = async <T,>(title: string, fallback: string, action: () => Promise<T>) => {
    setError(null);
    try {
      await action();
    } catch (err) {
      setError({ title, message: err instanceof Error && err.message ? err.message : fallback });
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
          <TabsContent value="login">
            <form
              noValidate
              className="mt-4 space-y-4"
              onSubmit={login.handleSubmit((v) =>
                run('Login failed', 'An error occurred during login', () => onLogin(v)),
              )}
            >
              <Field form={login} name="email" label="Email" type="email" autoComplete="email" />
              <Field
                form={login}
                name="password"
                label="Password"
                type="password"
                autoComplete="current-password"
              />
              <Button type="submit" className="w-full" disabled={login.formState.isSubmitting}>
                {login.formState.isSubmitting ? 'Logging in...' : 'Login'}
              </Button>
            </form>
          </TabsContent>
          <TabsContent value="register">
            <form
              noValidate
              className="mt-4 space-y-4"
              onSubmit={register.handleSubmit((v) =>
                run('Registration failed', 'An error occurred during registration', () =>
                  onRegister(v),
                ),
              )}
            >
              <Field form={register} name="name" label="Name" autoComplete="name" />
              <Field form={register} name="email" label="Email" type="email" autoComplete="email" />
              <Field
                form={register}
                name="password"
                label="Password"
                type="password"
                autoComplete="new-password"
                hint="At least 6 characters."
              />
              <Button type="submit" className="w-full" disabled={register.formState.isSubmitting}>
                {register.formState.isSubmitting ? 'Creating account...' : 'Register'}
              </Button>
            </form>
          </TabsContent>
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
