import type { PlayRandomEvent } from '../../../../core/api/play.ts';
import { changeTone } from '../../../../core/game/stat-meaning.ts';
import { STAT_LABELS } from '../../../../core/game/stats.ts';

/** True for a media URL a <video> element can play directly. */
function isVideoFile(url: string): boolean {
  return /\.(mp4|webm|ogg|ogv|mov)(\?.*)?$/i.test(url);
}

function EventMedia({ event }: { event: PlayRandomEvent }) {
  if (event.mediaType === 'video') {
    if (event.videoEmbedCode) {
      // The admin's embed code runs in an opaque origin: it can show a player, never read ours.
      return (
        <iframe
          title={`${event.title}: video`}
          srcDoc={`<!doctype html><style>html,body{margin:0;background:#000}iframe,video{width:100%;height:100%;border:0}</style>${event.videoEmbedCode}`}
          sandbox="allow-scripts allow-presentation"
          referrerPolicy="no-referrer"
          className="aspect-video w-full rounded-md border border-border"
        />
      );
    }
    if (event.mediaUrl && isVideoFile(event.mediaUrl)) {
      return (
        // biome-ignore lint/a11y/useMediaCaption: admin-provided clips come without caption tracks
        <video src={event.mediaUrl} controls className="w-full rounded-md border border-border" />
      );
    }
    return null;
  }
  if (!event.mediaUrl) return null;
  return (
    <img
      src={event.mediaUrl}
      alt=""
      className="max-h-96 w-full rounded-md border border-border object-cover"
    />
  );
}

/**
 * A random event (product rules "Screens", "Limits" rules): title, image or video, description and the stat changes it
 * made, non-zero only, as +n/-n with their labels. The changes are already in the player's
 * stats; this only shows them.
 */
export function RandomEventCard({ event }: { event: PlayRandomEvent }) {
  const lines = event.changes.filter((c) => c.delta !== 0);
  return (
    <article className="flex flex-col gap-4 rounded-lg border border-border bg-card p-6">
      <p className="text-lg uppercase tracking-widest text-muted-foreground">Random Event</p>
      <h1 className="font-retro text-4xl leading-tight text-glow">{event.title}</h1>
      <EventMedia event={event} />
      <p className="whitespace-pre-line text-xl">{event.description}</p>
      {lines.length > 0 && (
        <section aria-labelledby="event-changes-heading">
          <h2 id="event-changes-heading" className="font-retro text-2xl">
            Stat Changes
          </h2>
          <ul className="grid grid-cols-2 gap-x-6 gap-y-1 text-xl sm:grid-cols-3">
            {lines.map((line) => (
              <li key={line.stat} data-stat={line.stat}>
                <span
                  className={
                    changeTone(line.stat, line.delta) === 'good'
                      ? 'text-primary'
                      : 'text-destructive'
                  }
                >
                  {line.delta > 0 ? `+${line.delta}` : `${line.delta}`}
                </span>{' '}
                {STAT_LABELS[line.stat]}
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
