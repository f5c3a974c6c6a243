import { Link } from 'react-router';
import type { PublicConsultantView } from '../../core/api/admin-world-site.ts';
import { ExternalLink, Star, UserRound } from '../components/icons.ts';
import { buttonVariants } from '../components/ui/button.tsx';
import { SAMPLE_CONSULTANTS, useConsultants } from '../features/consultants/api.ts';

/** /consultants 'The SEO Experts' (product rules "Screens"): approved consultants, featured first. */
export function Component() {
  const consultants = useConsultants();
  const list = consultants.isError ? SAMPLE_CONSULTANTS : (consultants.data ?? []);
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-retro text-4xl leading-tight text-glow sm:text-5xl">
            The SEO Experts
          </h1>
          <p className="text-xl text-muted-foreground">
            Real help for real shops: consultants reviewed by our team.
          </p>
        </div>
        <Link to="/consultant-submission" className={buttonVariants({ variant: 'outline' })}>
          Become a Consultant
        </Link>
      </div>
      {consultants.isPending ? (
        <p className="text-xl">Loading...</p>
      ) : list.length === 0 ? (
        <p className="text-xl text-muted-foreground">No consultants listed yet.</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((c) => (
            <ConsultantCard key={c.id} consultant={c} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ConsultantCard({ consultant: c }: { consultant: PublicConsultantView }) {
  return (
    <li
      className={`flex flex-col gap-3 rounded-lg border bg-card p-4 ${c.featured ? 'border-primary shadow-[0_0_12px_var(--glow)]' : 'border-border'}`}
    >
      <div className="flex items-center gap-3">
        {c.imageUrl ? (
          <img
            src={c.imageUrl}
            alt=""
            width={64}
            height={64}
            loading="lazy"
            className="size-16 rounded-full border border-border object-cover"
          />
        ) : (
          <span className="flex size-16 items-center justify-center rounded-full border border-border">
            <UserRound aria-hidden="true" className="size-8" />
          </span>
        )}
        <div className="min-w-0">
          <h2 className="font-retro text-2xl leading-tight break-words">{c.name}</h2>
          {c.company && <p className="text-lg text-muted-foreground">{c.company}</p>}
        </div>
      </div>
      {c.featured && (
        <p className="flex items-center gap-1 text-lg text-primary">
          <Star aria-hidden="true" className="size-4" /> Featured
        </p>
      )}
      {c.specialty && <p className="text-lg">{c.specialty}</p>}
      {c.bio && <p className="text-lg whitespace-pre-line text-muted-foreground">{c.bio}</p>}
      {c.websiteUrl && (
        <a
          href={c.websiteUrl}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="mt-auto flex items-center gap-1 text-lg underline underline-offset-4"
        >
          Visit website <ExternalLink aria-hidden="true" className="size-4" />
          <span className="sr-only">of {c.name} (opens in a new tab)</span>
        </a>
      )}
    </li>
  );
}
