import { PlaceholderPage } from '../../components/placeholder-page.tsx';

/** /admin/news (spec §2): the news items of the ticker. */
export function Component() {
  return <PlaceholderPage title="News Scroller Management" />;
}
