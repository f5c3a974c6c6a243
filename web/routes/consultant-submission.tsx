import { cloneElement, type FormEvent, type ReactElement, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ConsultantApplication } from '../../core/api/admin-world-site.ts';
import { CONSULTANT_LIMITS, consultantProblems } from '../../core/api/form-rules.ts';
import { Button } from '../components/ui/button.tsx';
import { Input } from '../components/ui/input.tsx';
import { Label } from '../components/ui/label.tsx';
import { Textarea } from '../components/ui/textarea.tsx';
import { submitApplication, uploadApplicationPhoto } from '../features/consultants/api.ts';
import {
  APPLICATION_TEXT_FIELDS,
  type ApplicationTextField,
  applicationTexts,
} from '../features/consultants/application.ts';
import { toast } from '../lib/toast.ts';

const fail = (title: string, description?: string) =>
  toast({ title, description, variant: 'destructive' });

/** The form's fields in page order (the first with an error gets the focus). */
const FIELDS = APPLICATION_TEXT_FIELDS;
type FieldName = ApplicationTextField;
type FieldErrors = Partial<Record<FieldName, string>>;

const isField = (name: string): name is FieldName => (FIELDS as readonly string[]).includes(name);

/**
 * Every field's first problem, in the words the form shows under it: the server's rules
 * (consultantApplicationSchema), checked by core/api/form-rules.ts without loading zod here.
 */
export function applicationErrors(input: Record<FieldName, string>): FieldErrors {
  return consultantProblems(input);
}

/** A server refusal 'contactEmail: Please enter…' as the field it names and its message. */
export function fieldOfServerError(message: string): FieldErrors | null {
  const m = /^([A-Za-z]+): (.+)$/.exec(message);
  return m && isField(m[1] as string) ? { [m[1] as FieldName]: m[2] } : null;
}

/**
 * /consultant-submission 'Become an SEO Consultant' (product rules "Screens", "Validation" rules, "Messages" rules 'Consultants'). The form is
 * checked with the server's own rules before it is sent; each problem shows under its field
 * (and the first such field gets the focus), as does a field the server refuses.
 */
export function Component() {
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) form.current?.querySelector<HTMLElement>(`#${first}`)?.focus();
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const texts = applicationTexts(data);
    const application: ConsultantApplication = {
      ...texts,
      imageUrl: null,
      phone: String(data.get('phone') ?? ''),
    };
    const found = applicationErrors(texts);
    showErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      let imageUrl: string | null = null;
      if (photo) {
        try {
          imageUrl = (await uploadApplicationPhoto(photo)).url;
        } catch (err) {
          fail('Failed to upload image', err instanceof Error ? err.message : undefined);
          return;
        }
      }
      try {
        await submitApplication({ ...application, imageUrl });
      } catch (err) {
        const message = err instanceof Error ? err.message : '';
        const field = fieldOfServerError(message);
        if (field) showErrors(field);
        else fail('Failed to submit application', message || undefined);
        return;
      }
      toast({ title: 'Your application has been submitted for review', variant: 'default' });
      navigate('/consultants');
    } finally {
      setBusy(false);
    }
  };

  const err = (name: FieldName) => errors[name];
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-8">
      <div>
        <h1 className="font-retro text-4xl leading-tight text-glow sm:text-5xl">
          Become an SEO Consultant
        </h1>
        <p className="text-xl text-muted-foreground">
          Tell us about your work. Approved consultants appear in our directory; your e-mail is
          never shown publicly.
        </p>
      </div>
      <form ref={form} noValidate className="grid gap-4" onSubmit={onSubmit}>
        <Field id="photo" label="Photo">
          <Input
            id="photo"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            onChange={(e) => setPhoto(e.target.files?.[0] ?? null)}
          />
        </Field>
        <Field id="name" label="Name" error={err('name')}>
          <Input
            id="name"
            name="name"
            required
            maxLength={CONSULTANT_LIMITS.name}
            autoComplete="name"
          />
        </Field>
        <Field id="company" label="Company" error={err('company')}>
          <Input
            id="company"
            name="company"
            maxLength={CONSULTANT_LIMITS.company}
            autoComplete="organization"
          />
        </Field>
        <Field id="specialty" label="Specialty" error={err('specialty')}>
          <Input id="specialty" name="specialty" maxLength={CONSULTANT_LIMITS.specialty} />
        </Field>
        <Field id="bio" label="Bio" error={err('bio')}>
          <Textarea id="bio" name="bio" rows={4} maxLength={CONSULTANT_LIMITS.bio} />
        </Field>
        <Field id="contactEmail" label="Contact Email" error={err('contactEmail')}>
          <Input
            id="contactEmail"
            name="contactEmail"
            type="email"
            required
            maxLength={CONSULTANT_LIMITS.contactEmail}
            autoComplete="email"
          />
        </Field>
        <Field id="websiteUrl" label="Website URL" error={err('websiteUrl')}>
          <Input id="websiteUrl" name="websiteUrl" type="url" placeholder="https://" />
        </Field>
        {/* A honeypot: people never see or fill it; a bot that does is told 'submitted'. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label htmlFor="phone">Phone</label>
          <input id="phone" name="phone" tabIndex={-1} autoComplete="off" />
        </div>
        <Button type="submit" disabled={busy} className="justify-self-start">
          {busy ? 'Submitting...' : 'Submit Application'}
        </Button>
      </form>
    </div>
  );
}

/** A labelled control with its error underneath, tied to it for screen readers. */
function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactElement<{ 'aria-invalid'?: boolean; 'aria-describedby'?: string }>;
}) {
  const control = error
    ? cloneElement(children, { 'aria-invalid': true, 'aria-describedby': `${id}-error` })
    : children;
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      {control}
      {error && (
        <p id={`${id}-error`} className="text-base text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
