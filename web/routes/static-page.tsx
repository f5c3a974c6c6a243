import { data, type LoaderFunctionArgs, useParams } from 'react-router';
import { usePage } from '../features/pages/api/get-page.ts';

/** The footer's pages (product rules "Screens"); any other slug is a 404. */
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

/** /page/{slug}: About, How to Play, Become a Sponsor, as the admin wrote them (plain text). */
export function Component() {
  const { slug = '' } = useParams();
  const page = usePage(slug);
  const content = page.data?.content ?? {};
  const title =
    typeof content.title === 'string' && content.title.trim() ? content.title : titleOf(slug);
  const body = typeof content.body === 'string' ? content.body : '';
  return (
    <article className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-8">
      <h1 className="font-retro text-4xl leading-tight text-glow sm:text-5xl">{title}</h1>
      {page.isPending ? (
        <p className="text-xl">Loading...</p>
      ) : page.isError ? (
        <p className="text-xl text-muted-foreground">This page could not be loaded right now.</p>
      ) : (
        body
          .split(/\n\s*\n/)
          .map((p) => p.trim())
          .filter(Boolean)
          .map((p, i) => (
            // Paragraphs have no identity beyond their position in the text.
            // biome-ignore lint/suspicious/noArrayIndexKey: static text split into paragraphs
            <p key={i} className="text-xl whitespace-pre-line">
              {p}
            </p>
          ))
      )}
    </article>
  );
}
