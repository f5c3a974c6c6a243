import { PlaceholderPage } from '../components/placeholder-page.tsx';

/** /auth (spec §2): the 'SEO Adventure Game' card with Login and Register tabs. */
export function Component() {
  return <PlaceholderPage title="SEO Adventure Game" />;
}
