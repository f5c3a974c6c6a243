import { PlaceholderPage } from '../components/placeholder-page.tsx';

/** /consultant-submission (spec §2): the public application form. */
export function Component() {
  return <PlaceholderPage title="Become an SEO Consultant" />;
}
