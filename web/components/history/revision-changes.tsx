import type { FieldChange } from '../../../core/api/history.ts';
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
          </li>
        ))}
      </ul>
    </section>
  );
}
