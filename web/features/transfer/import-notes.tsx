import type { ImportResponse } from '../../../core/api/transfer.ts';

type Warning = ImportResponse['warnings'][number];

/** Warnings grouped by passage, the whole-file ones first, each group in file order. */
function byPassage(warnings: Warning[]): [string | null, Warning[]][] {
  const groups = new Map<string | null, Warning[]>();
  for (const w of warnings) groups.set(w.passage, [...(groups.get(w.passage) ?? []), w]);
  return [...groups.entries()].sort(([a], [b]) => (a === null ? -1 : b === null ? 1 : 0));
}

/** The dry run's note that the story cannot be played from its start (core/transfer/twee-report.ts). */
const START_PROBLEM = /^The (start passage .* cannot be played|story has no start passage)/;

/** The story's Twine identity after the import (Twee and Twine files). */
export function StoryIdentityNote({
  story,
}: {
  story: NonNullable<ImportResponse['plan']['story']>;
}) {
  const format = story.format
    ? `${story.format}${story.formatVersion ? ` ${story.formatVersion}` : ''}`
    : 'no story format named';
  return (
    <p className="text-lg" data-testid="import-story">
      Story “{story.title}” (IFID {story.ifid}, {format}):{' '}
      {story.changed ? 'kept, so the Twee export names it again.' : 'unchanged.'}
    </p>
  );
}

/**
 * The dry run's verdict on a Twine story (core/transfer/twine-dry-run.ts): whether a player can
 * reach an ending here, or the passage where play stops.
 */
export function StoryVerdict({ verdict }: { verdict: NonNullable<ImportResponse['verdict']> }) {
  return (
    <p
      className={`rounded-md border p-3 text-lg ${verdict.plays && !verdict.stopsAt ? 'border-primary' : 'border-destructive text-destructive'}`}
      data-testid="import-verdict"
    >
      <span className="font-bold">How it plays here: </span>
      {verdict.message}
    </p>
  );
}

/**
 * What of a Twine story will not carry over, per passage with its line: what players will read
 * where macros stood, conditions this game bypasses, ways on it cannot follow, broken links, a
 * guessed start, story code kept for Twine. Nothing here stops the import.
 */
export function ImportNotes({ warnings }: { warnings: Warning[] }) {
  if (warnings.length === 0) return null;
  // The one note that decides whether the story can be played at all comes first, marked.
  const unplayable = warnings.find((w) => w.passage === null && START_PROBLEM.test(w.message));
  const groups = byPassage(warnings.filter((w) => w !== unplayable));
  return (
    <section
      aria-labelledby="import-notes-title"
      className="flex flex-col gap-2"
      data-testid="import-notes"
    >
      {unplayable ? (
        <p
          className="rounded-md border border-destructive p-3 text-lg text-destructive"
          data-testid="import-start-problem"
        >
          {unplayable.message}
        </p>
      ) : null}
      <h2 id="import-notes-title" className="text-xl">
        What players will see, and what is not run here ({warnings.length}{' '}
        {warnings.length === 1 ? 'note' : 'notes'})
      </h2>
      {groups.length ? (
        <ul className="flex max-h-96 flex-col gap-2 overflow-y-auto rounded-md border border-border p-3">
          {groups.map(([passage, items]) => (
            <li key={passage ?? '(file)'}>
              <p className="font-bold">
                {passage === null ? 'The whole story' : `Passage “${passage}”`}
              </p>
              <ul className="ml-4 list-disc text-base text-muted-foreground">
                {items.map((w) => (
                  <li key={`${w.line}-${w.message}`}>
                    {w.line === null ? '' : `Line ${w.line}: `}
                    {w.message}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
