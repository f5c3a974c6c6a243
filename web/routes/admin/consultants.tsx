import { PlaceholderPage } from '../../components/placeholder-page.tsx';

/** /admin/consultants (spec §2): 'Add SEO Consultant' and 'Manage Consultants'. */
export function Component() {
  return <PlaceholderPage title="Consultant Management" />;
}
