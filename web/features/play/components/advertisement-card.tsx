import type { PlayAdvertisement } from '../../../../core/api/play.ts';

/** An advertisement's picture and words (the screen adds the buttons). */
export function AdvertisementCard({ ad }: { ad: PlayAdvertisement }) {
  return (
    <article className="flex flex-col gap-4 rounded-lg border border-border bg-card p-6">
      <p className="text-lg uppercase tracking-widest text-muted-foreground">Advertisement</p>
      <h1 className="font-retro text-4xl leading-tight text-glow">{ad.title}</h1>
      {ad.imageUrl && (
        <img
          src={ad.imageUrl}
          alt=""
          className="max-h-96 w-full rounded-md border border-border object-cover"
        />
      )}
      {ad.description && <p className="whitespace-pre-line text-xl">{ad.description}</p>}
    </article>
  );
}
