/**
 * The slot of the news ticker above the game header. The play issue turns it into the
 * scrolling ticker of active news items (spec §4); until then it shows the items it is given
 * in one line, and nothing at all when there are none.
 */
export function NewsTicker({ items }: { items: readonly string[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-label="News" className="overflow-hidden border-b border-border bg-muted">
      <p className="truncate px-4 py-1 text-lg">{items.join(' • ')}</p>
    </section>
  );
}
