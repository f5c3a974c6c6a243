import { PlaceholderPage } from '../../components/placeholder-page.tsx';

/** /admin/sponsors (spec §2): the sponsors table and dialog. */
export function Component() {
  return <PlaceholderPage title="Sponsor Management" />;
}
