import { data, type LoaderFunctionArgs, useParams } from 'react-router';
import { PlaceholderPage } from '../components/placeholder-page.tsx';

/** The footer's pages (spec §2); any other slug is a 404. */
const STATIC_PAGE_TITLES: Record<string, string> = {
  about: 'About',
  'how-to-play': 'How to Play',
  'become-a-sponsor': 'Become a Sponsor',
};

function titleOf(slug: string | undefined): string | undefined {
  return slug && Object.hasOwn(STATIC_PAGE_TITLES, slug) ? STATIC_PAGE_TITLES[slug] : undefined;
}

/** An unknown slug is a 404, shown by the router's error page outside the game layout. */
export function loader({ params }: LoaderFunctionArgs): null {
  if (!titleOf(params.slug)) throw data('Not Found', { status: 404 });
  return null;
}

/** /page/{slug}: About, How to Play, Become a Sponsor. */
export function Component() {
  const { slug } = useParams();
  return <PlaceholderPage title={titleOf(slug) ?? ''} />;
}
