import { AuthPage } from '../features/auth/components/auth-page.tsx';

/** /auth (spec §2): the 'SEO Adventure Game' card with Login and Register tabs. */
export function Component() {
  return <AuthPage />;
}
