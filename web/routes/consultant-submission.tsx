import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { Input } from '../components/ui/input.tsx';
import { Label } from '../components/ui/label.tsx';
import { Textarea } from '../components/ui/textarea.tsx';
import { submitApplication, uploadApplicationPhoto } from '../features/consultants/api.ts';
import { toast } from '../lib/toast.ts';

const fail = (title: string, description?: string) =>
  toast({ title, description, variant: 'destructive' });

/** /consultant-submission 'Become an SEO Consultant' (spec §2, §5, §8 'Consultants'). */
export function Component() {
  const navigate = useNavigate();
  const [photo, setPhoto] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '');
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
        await submitApplication({
          name: text('name'),
          company: text('company'),
          specialty: text('specialty'),
          bio: text('bio'),
          contactEmail: text('contactEmail'),
          websiteUrl: text('websiteUrl'),
          imageUrl,
          phone: text('phone'),
        });
      } catch (err) {
        fail('Failed to submit application', err instanceof Error ? err.message : undefined);
        return;
      }
      toast({ title: 'Your application has been submitted for review', variant: 'default' });
      navigate('/consultants');
    } finally {
      setBusy(false);
    }
  };

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
      <form className="grid gap-4" onSubmit={onSubmit}>
        <Field id="photo" label="Photo">
          <Input
            id="photo"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            onChange={(e) => setPhoto(e.target.files?.[0] ?? null)}
          />
        </Field>
        <Field id="name" label="Name">
          <Input id="name" name="name" required maxLength={120} autoComplete="name" />
        </Field>
        <Field id="company" label="Company">
          <Input id="company" name="company" maxLength={120} autoComplete="organization" />
        </Field>
        <Field id="specialty" label="Specialty">
          <Input id="specialty" name="specialty" maxLength={120} />
        </Field>
        <Field id="bio" label="Bio">
          <Textarea id="bio" name="bio" rows={4} maxLength={2000} />
        </Field>
        <Field id="contactEmail" label="Contact Email">
          <Input
            id="contactEmail"
            name="contactEmail"
            type="email"
            required
            maxLength={254}
            autoComplete="email"
          />
        </Field>
        <Field id="websiteUrl" label="Website URL">
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

function Field({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}
