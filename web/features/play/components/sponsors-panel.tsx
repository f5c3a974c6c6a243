import type { PlaySponsor } from '../../../../core/api/play.ts';

/**
 * 'Sponsors' under the stats (product rules "Screens"): each sponsor's logo and name, linking to its site in a
 * new tab. Renders nothing when there are no sponsors (also after a failed load, product rules "Messages").
 */
export function SponsorsPanel({ sponsors }: { sponsors: readonly PlaySponsor[] }) {
  if (sponsors.length === 0) return null;
  return (
    <section
      aria-labelledby="sponsors-heading"
      className="rounded-lg border border-border bg-card p-4"
    >
      <h2 id="sponsors-heading" className="mb-3 font-retro text-2xl text-glow">
        Sponsors
      </h2>
      <ul className="flex flex-col gap-3">
        {sponsors.map((s) => {
          const body = (
            <>
              {s.imageUrl && (
                <img
                  src={s.imageUrl}
                  alt=""
                  loading="lazy"
                  className="size-10 shrink-0 rounded bg-white object-contain"
                />
              )}
              <span>{s.name}</span>
            </>
          );
          return (
            <li key={s.id}>
              {s.url ? (
                <a
                  href={s.url}
                  target="_blank"
                  rel="noopener noreferrer sponsored"
                  className="flex items-center gap-3 text-lg underline-offset-4 hover:underline"
                >
                  {body}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              ) : (
                <div className="flex items-center gap-3 text-lg">{body}</div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
