import type { FieldChange } from '../../../core/api/history.ts';
import { isEdit, shortenSame, type WordPart, wordDiff } from '../../../core/history/diff.ts';
import { errorMessage } from '../../lib/api.ts';

/** What differs between a revision and now: each field with its value then and now. */
export function RevisionChanges({
  revision,
  changes,
  pending,
  error,
}: {
  revision: number;
  changes: FieldChange[];
  pending: boolean;
  error: unknown;
}) {
  if (pending) return <p role="status">Comparing…</p>;
  if (error) {
    return (
      <p role="alert" className="text-destructive">
        Could not compare: {errorMessage(error)}
      </p>
    );
  }
  if (changes.length === 0) {
    return <p>Revision {revision} is the same as now: nothing to restore.</p>;
  }
  return (
    <section aria-label={`Changes since revision ${revision}`} className="grid gap-2">
      <h3 className="text-lg">
        What restoring revision {revision} changes ({changes.length})
      </h3>
      <ul className="grid gap-2">
        {changes.map((c) => (
          <li
            key={`${c.field}|${c.before}|${c.after}`}
            className="rounded border border-border p-2"
          >
            <p className="font-bold">{c.field}</p>
            <FieldChangeView change={c} revision={revision} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Parts with a key each: where they start in the shown text. */
function keyed(parts: WordPart[]) {
  let at = 0;
  return parts.map((p) => {
    const key = `${at}:${p.kind}`;
    at += p.text.length;
    return { ...p, key };
  });
}

/**
 * One field's change: word by word when it is an edit (a one-word edit in a long text is that
 * word, with a few words around it); else, a rewrite, the value then and now side by side.
 */
function FieldChangeView({ change: c, revision }: { change: FieldChange; revision: number }) {
  // From now to the revision: what restoring takes out (struck) and brings back (highlighted).
  const parts = wordDiff(c.after, c.before);
  if (isEdit(parts)) {
    return (
      <div className="grid gap-1">
        <p className="text-sm text-muted-foreground">
          Restoring revision {revision}: struck words go, highlighted words come back.
        </p>
        <p className="whitespace-pre-wrap break-words px-1" data-testid="word-diff">
          {keyed(shortenSame(parts)).map((p) =>
            p.kind === 'same' ? (
              <span key={p.key}>{p.text}</span>
            ) : p.kind === 'removed' ? (
              <del key={p.key} className="text-destructive decoration-2">
                <span className="sr-only">[goes: </span>
                {p.text}
                <span className="sr-only">]</span>
              </del>
            ) : (
              <ins key={p.key} className="bg-primary/25 no-underline">
                <span className="sr-only">[comes back: </span>
                {p.text}
                <span className="sr-only">]</span>
              </ins>
            ),
          )}
        </p>
      </div>
    );
  }
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      <div>
        <p className="text-sm text-muted-foreground">In revision {revision}</p>
        <p className="whitespace-pre-wrap break-words bg-primary/10 px-1">{c.before}</p>
      </div>
      <div>
        <p className="text-sm text-muted-foreground">Now</p>
        <p className="whitespace-pre-wrap break-words px-1 line-through decoration-destructive/60">
          {c.after}
        </p>
      </div>
    </div>
  );
}
