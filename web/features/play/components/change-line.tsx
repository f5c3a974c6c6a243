import type { ChoiceChanges } from '../../../../core/api/play.ts';
import { itemChangePhrase } from '../../../../core/game/items.ts';
import { formatStatDelta, type StatDiff } from '../../../../core/game/stat-diff.ts';
import { changeTone } from '../../../../core/game/stat-meaning.ts';
import { cn } from '../../../lib/cn.ts';

/** One change as players read it ('−$5 Budget'), and whether it helped or hurt them. */
interface ChangePart {
  text: string;
  tone: 'good' | 'bad' | 'none';
}

/** A diff's parts with their tones: stats by what they mean (more Delusion is bad), items gained good. */
function tonedParts(diff: StatDiff): ChangePart[] {
  const stats = diff.stats.map((d) => ({
    text: formatStatDelta(d),
    tone: changeTone(d.stat, d.delta),
  }));
  const items: ChangePart[] = [];
  for (const [list, change] of [
    [diff.gained, 'gained'],
    [diff.lost, 'lost'],
  ] as const) {
    for (const item of list) {
      const text = itemChangePhrase(item, change);
      if (text !== null) items.push({ text, tone: change === 'gained' ? 'good' : 'bad' });
    }
  }
  return [...stats, ...items];
}

/** One group of the line: a label and its parts, or (the why line) a label and a sentence. */
export type ChangeGroup =
  | { label: string; parts: ChangePart[]; why?: undefined }
  | { label: string; why: string; parts?: undefined };

/** The label of the option's why line. */
const WHY_LABEL = 'Why';

/**
 * The groups of a choice's changes as players read them: the decision's changes, then its why
 * line (docs/product-rules.md "Play" 'The why line'), then the event's and the checkpoint's.
 */
function changeGroups(changes: ChoiceChanges): ChangeGroup[] {
  const groups: ChangeGroup[] = [];
  const choice = tonedParts(changes.choice);
  groups.push({
    label: 'Your decision',
    parts: choice.length > 0 ? choice : [{ text: 'no change', tone: 'none' }],
  });
  if (changes.why) groups.push({ label: WHY_LABEL, why: changes.why });
  if (changes.event) groups.push({ label: changes.event.title, parts: tonedParts(changes.event) });
  // A scene that sets stats as the player arrives (a new day's budget); a flag alone says nothing.
  const arrival = tonedParts(changes.arrival);
  if (arrival.length > 0) groups.push({ label: 'As you arrive', parts: arrival });
  return groups;
}

/** The whole line as one sentence, e.g. 'Your decision: +5 Knowledge · −$5 Budget.' */
export function changeSentence(changes: ChoiceChanges): string {
  return changeGroups(changes)
    .map((g) =>
      g.why !== undefined
        ? `${g.label}: ${endSentence(g.why)}`
        : `${g.label}: ${g.parts.map((p) => p.text).join(' · ')}.`,
    )
    .join(' ');
}

/** A sentence with its closing stop: the author's own, or a full stop added. */
function endSentence(text: string): string {
  return /[.!?…]["')\]]*$/.test(text) ? text : `${text}.`;
}

const TONE_CLASS: Record<ChangePart['tone'], string> = {
  good: 'text-primary',
  bad: 'text-destructive',
  none: 'text-muted-foreground',
};

/**
 * The line at the top of a scene that says what the last choice did ('Your decision: +5
 * Knowledge · −$5 Budget'), why it helped or hurt (the option's why line, when it has one), then
 * the random event's changes and a checkpoint's, when there were any. It is a polite live region that is always in the page, so screen readers hear the new
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
      {groups.map((g) =>
        g.why !== undefined ? (
          <p key="why-line" data-testid="why-line" className="leading-snug">
            <span className="font-retro text-xl text-glow">{g.label}:</span> {endSentence(g.why)}
          </p>
        ) : (
          <p key={g.label} className="leading-snug">
            <span className="font-retro text-xl text-glow">{g.label}:</span>{' '}
            {g.parts.map((part, i) => (
              <span key={part.text}>
                {i > 0 && (
                  <span aria-hidden="true" className="text-muted-foreground">
                    {' · '}
                  </span>
                )}
                {i > 0 && <span className="sr-only">, </span>}
                {/* A stat change ('-$10 Budget') stays on one line; item names may wrap. */}
                <span
                  className={cn(
                    TONE_CLASS[part.tone],
                    /^[+\-−]/.test(part.text) && 'whitespace-nowrap',
                  )}
                >
                  {part.text}
                </span>
              </span>
            ))}
            <span className="sr-only">.</span>
          </p>
        ),
      )}
    </div>
  );
}
