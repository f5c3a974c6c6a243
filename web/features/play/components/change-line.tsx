import type { ChoiceChanges } from '../../../../core/api/play.ts';
import { diffParts } from '../../../../core/game/stat-diff.ts';
import { cn } from '../../../lib/cn.ts';

/** The groups of a choice's changes as players read them: label and phrases. */
export function changeGroups(changes: ChoiceChanges): { label: string; parts: string[] }[] {
  const groups: { label: string; parts: string[] }[] = [];
  const choice = diffParts(changes.choice);
  groups.push({ label: 'Your decision', parts: choice.length > 0 ? choice : ['no change'] });
  if (changes.event) groups.push({ label: changes.event.title, parts: diffParts(changes.event) });
  // A checkpoint that only set a story flag says nothing.
  const arrival = diffParts(changes.arrival);
  if (arrival.length > 0) groups.push({ label: 'New stats here', parts: arrival });
  return groups;
}

/** The whole line as one sentence, e.g. 'Your decision: +5 Knowledge · −$5 Budget.' */
export function changeSentence(changes: ChoiceChanges): string {
  return changeGroups(changes)
    .map((g) => `${g.label}: ${g.parts.join(' · ')}.`)
    .join(' ');
}

function tone(part: string): string {
  if (part.startsWith('+') || part.startsWith('gained') || part.startsWith('learned')) {
    return 'text-primary';
  }
  if (part.startsWith('−') || part.startsWith('lost')) return 'text-destructive';
  return 'text-muted-foreground';
}

/**
 * The line at the top of a scene that says what the last choice did ('Your decision: +5
 * Knowledge · −$5 Budget', then the random event's changes and a checkpoint's, when there were
 * any). It is a polite live region that is always in the page, so screen readers hear the new
 * scene's title and the changes together; with no changes it shows nothing and only the title
 * is announced.
 */
export function ChangeLine({
  title,
  changes,
}: {
  title: string | undefined;
  changes: ChoiceChanges | null;
}) {
  const groups = changes ? changeGroups(changes) : [];
  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-testid="change-line"
      className={cn(
        groups.length > 0
          ? 'flex flex-col gap-1 rounded-lg border border-primary/60 bg-card px-4 py-2 text-lg'
          : 'sr-only',
      )}
    >
      {title && <span className="sr-only">{`${title}. `}</span>}
      {groups.map((g) => (
        <p key={g.label} className="leading-snug">
          <span className="font-retro text-xl text-glow">{g.label}:</span>{' '}
          {g.parts.map((part, i) => (
            <span key={part}>
              {i > 0 && (
                <span aria-hidden="true" className="text-muted-foreground">
                  {' · '}
                </span>
              )}
              {i > 0 && <span className="sr-only">, </span>}
              {/* A stat change ('-$10 Budget') stays on one line; item names may wrap. */}
              <span className={cn(tone(part), /^[+\-−]/.test(part) && 'whitespace-nowrap')}>
                {part}
              </span>
            </span>
          ))}
          <span className="sr-only">.</span>
        </p>
      ))}
    </div>
  );
}
