import { type FormEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  type Credentials,
  type FieldProblems,
  loginProblems,
  PASSWORD_MIN_LENGTH,
  type Registration,
  registrationProblems,
} from '../../../../core/api/form-rules.ts';
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

/** A form's values: each field's text by its name. */
type Values = Record<string, string>;

/** A tab of the card: its name, its fields, its rules, its button's texts and what its failure says. */
interface AuthTabSpec<T extends Values> {
  value: string;
  fields: FieldSpec<T>[];
  check: (values: T) => FieldProblems<keyof T & string>;
  /** The values as they are sent (trimmed where the rules trim them). */
  clean: (values: T) => T;
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
  check: loginProblems,
  clean: (v) => ({ ...v, email: v.email.trim() }),
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
      hint: `At least ${PASSWORD_MIN_LENGTH} characters.`,
    },
  ],
  check: registrationProblems,
  clean: (v) => ({ ...v, name: v.name.trim(), email: v.email.trim() }),
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
  const login = useCheckedForm<Credentials>(LOGIN, { email: '', password: '' });
  const register = useCheckedForm<Registration>(REGISTER, { name: '', email: '', password: '' });

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

/**
 * One form's state, kept by the card so that switching tabs keeps what was typed. The inputs
 * are uncontrolled (their `defaultValue` is the kept text): a submit reads the form itself.
 */
interface CheckedForm<T extends Values> {
  values: T;
  errors: FieldProblems<keyof T & string>;
  busy: boolean;
  set: (name: keyof T & string, value: string) => void;
  submit: (onValid: (values: T) => Promise<void>, form: HTMLFormElement) => Promise<void>;
}

/**
 * A form checked by its tab's rules on submit (the first field with a problem gets the focus) and,
 * after a first try, on every change of a field; `busy` while the submit runs.
 */
function useCheckedForm<T extends Values>(tab: AuthTabSpec<T>, initial: T): CheckedForm<T> {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldProblems<keyof T & string>>({});
  const [busy, setBusy] = useState(false);
  // Set once a submit was tried: from then on each change checks its field again.
  const [tried, setTried] = useState(false);
  const running = useRef(false);
  return {
    values,
    errors,
    busy,
    set: (name, value) => {
      const next = { ...values, [name]: value };
      setValues(next);
      if (tried) setErrors((was) => ({ ...was, [name]: tab.check(next)[name] }));
    },
    submit: async (onValid, form) => {
      if (running.current) return;
      setTried(true);
      // The fields as they stand: text typed before the page hydrated fired no change here.
      const data = new FormData(form);
      const current = { ...values };
      for (const f of tab.fields) (current as Values)[f.name] = String(data.get(f.name) ?? '');
      setValues(current);
      const found = tab.check(current);
      setErrors(found);
      const first = tab.fields.find((f) => found[f.name]);
      if (first) {
        form.querySelector<HTMLElement>(`[name="${first.name}"]`)?.focus();
        return;
      }
      running.current = true;
      setBusy(true);
      try {
        await onValid(tab.clean(current));
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
  };
}

/** One tab's form: its fields and the submit button with its loading text. */
function AuthTab<T extends Values>({
  tab,
  form,
  run,
  submit,
}: {
  tab: AuthTabSpec<T>;
  form: CheckedForm<T>;
  run: (failure: AuthFailure, action: () => Promise<void>) => Promise<void>;
  submit: (values: T) => Promise<void>;
}) {
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void form.submit((v) => run(tab.failure, () => submit(v)), e.currentTarget);
  };
  return (
    <TabsContent value={tab.value}>
      <form noValidate className="mt-4 space-y-4" onSubmit={onSubmit}>
        {tab.fields.map((f) => (
          <Field
            key={f.name}
            {...f}
            value={form.values[f.name] ?? ''}
            error={form.errors[f.name]}
            onChange={(value) => form.set(f.name, value)}
          />
        ))}
        <Button type="submit" className="w-full" disabled={form.busy}>
          {form.busy ? tab.busyLabel : tab.submitLabel}
        </Button>
      </form>
    </TabsContent>
  );
}

interface FieldSpec<T extends Values> {
  name: keyof T & string;
  label: string;
  type?: string;
  autoComplete?: string;
  hint?: string;
}

/** A labelled input with its validation message announced to screen readers. */
function Field<T extends Values>({
  name,
  label,
  type = 'text',
  autoComplete,
  hint,
  value,
  error,
  onChange,
}: FieldSpec<T> & { value: string; error?: string; onChange: (value: string) => void }) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        defaultValue={value}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
