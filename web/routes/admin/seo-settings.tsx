import { PlaceholderPage } from '../../components/placeholder-page.tsx';

/** /admin/seo-settings (spec §2): tabs 'SEO Settings' and 'Custom Scripts'. */
export function Component() {
  return <PlaceholderPage title="SEO & Scripts" />;
}
