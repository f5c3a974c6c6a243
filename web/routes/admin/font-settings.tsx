import { PlaceholderPage } from '../../components/placeholder-page.tsx';

/** /admin/font-settings (spec §2): fonts of titles, subtitles, content and choices. */
export function Component() {
  return <PlaceholderPage title="Font Management" />;
}
