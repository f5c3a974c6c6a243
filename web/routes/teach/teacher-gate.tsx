import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { PageLoading } from '../../components/page-loading.tsx';
import { buttonVariants } from '../../components/ui/button.tsx';
import { Card, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { useSession } from '../../features/auth/api/get-session.ts';
import { authPathFor } from '../../features/auth/landing.ts';
import { TeachIntro } from '../../features/classes/teach-intro.tsx';

/** A teacher's page of the class in the address (`:classId`): the gate, then `Screen` for it. */
export function ClassGate({ Screen }: { Screen: (props: { id: string }) => ReactNode }) {
  const id = useParams().classId ?? '';
  return (
    <TeacherGate>
      <Screen id={id} />
    </TeacherGate>
  );
}

/**
 * Shows its children to a signed-in account only (a teacher is any account); guests and visitors
 * get a way to log in or register that comes back here. The server checks again on every call.
 */
export function TeacherGate({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <PageLoading />;
  const user = session.data?.user;
  if (user && !user.isAnonymous) return <>{children}</>;
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-4 p-4">
      <Card>
        <CardHeader>
          <CardTitle as="h1">For teachers: run a class</CardTitle>
        </CardHeader>
        <TeachIntro />
        <p className="text-muted-foreground">
          Log in or register to create a class (students need no account).
        </p>
        <Link className={buttonVariants({ size: 'lg' })} to={authPathFor(location.pathname)}>
          Log in or register
        </Link>
      </Card>
    </div>
  );
}
