import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonVariants } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api.ts';

/** The frame of an admin page: 'Back to Dashboard', the heading, an optional action, the content. */
export function AdminPage({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-5">
      <Link to="/admin" className={`${buttonVariants({ variant: 'ghost' })} self-start`}>
        <ArrowLeft aria-hidden="true" /> Back to Dashboard
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="font-retro text-4xl leading-tight text-glow sm:text-5xl">{title}</h1>
        {action}
      </div>
      {children}
    </div>
  );
}

/** The server's message of a failed call, for '{what}: {message}' toasts. */
export const messageOf = errorMessage;
