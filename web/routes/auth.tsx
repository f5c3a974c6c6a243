import { AuthPage } from '../features/auth/components/auth-page.tsx';

/** /auth (product rules "Screens"): the 'SEO Adventure Game' card with Login and Register tabs. */
export function Component() {
  return <AuthPage />;
}
