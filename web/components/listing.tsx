import type { ReactNode } from 'react';

/**
 * A loaded list's three states: 'Loading...' while it loads, the empty text (and an optional
 * action, e.g. 'Add Your First Sponsor') when it has nothing, else the list itself.
 */
export function Listing({
  pending,
  empty,
  emptyText,
  emptyAction,
  children,
}: {
  pending: boolean;
  empty: boolean;
  emptyText: string;
  emptyAction?: ReactNode;
  children: ReactNode;
}) {
  if (pending) return <p className="text-xl">Loading...</p>;
  if (!empty) return children;
  const text = <p className="text-xl text-muted-foreground">{emptyText}</p>;
  if (!emptyAction) return text;
  return (
    <div className="flex flex-col items-start gap-3">
      {text}
      {emptyAction}
    </div>
  );
}
