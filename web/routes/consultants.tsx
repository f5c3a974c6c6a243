import { PlaceholderPage } from '../components/placeholder-page.tsx';

/** /consultants (spec §2): the public directory of approved consultants. */
export function Component() {
  return <PlaceholderPage title="The SEO Experts" />;
}
