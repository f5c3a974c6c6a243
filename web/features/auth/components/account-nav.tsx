import { Link } from 'react-router';
import { LogIn, LogOut, Shield, Users } from '../../../components/icons.ts';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { useSession } from '../api/get-session.ts';
import { useSignOut } from '../api/sign-out.ts';

/**
 * The game header's account area (product rules "Screens"): 'Admin Panel' for admins, 'My classes'
 * (class mode, docs/class-mode.md) and 'Logout' when signed in with an account, 'Login' otherwise
 * (guests included).
 */
export function AccountNav() {
  const { data } = useSession();
  const user = data?.user;
  const signedIn = Boolean(user && !user.isAnonymous);
  return (
    <>
      {user?.role === 'admin' && !user.isAnonymous && (
        <Link to="/admin" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          <Shield aria-hidden="true" />
          {/* An icon on phones: with the label, Logout was pushed off a 375 px screen. */}
          <span className="max-sm:sr-only">Admin Panel</span>
        </Link>
      )}
      {signedIn && (
        <Link to="/teach" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          <Users aria-hidden="true" />
          <span className="max-sm:sr-only">My classes</span>
        </Link>
      )}
      {signedIn ? (
        <LogoutButton />
      ) : (
        <Link to="/auth" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          <LogIn aria-hidden="true" />
          Login
        </Link>
      )}
    </>
  );
}

/** Logout, with its sign-out mutation: made only for an account that can log out (not a guest). */
function LogoutButton() {
  const signOut = useSignOut('/');
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => signOut.mutate()}
      disabled={signOut.isPending}
    >
      <LogOut aria-hidden="true" />
      Logout
    </Button>
  );
}
