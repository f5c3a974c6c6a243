import type * as React from 'react';
import { useLayoutEffect, useRef } from 'react';
import { cn } from '../../lib/cn.ts';
import { slotted } from './slotted.tsx';

/**
 * A data table. On phones (under 640 px) each row becomes a card whose cells are labelled with
 * their column's heading (globals.css `table[data-cards]`), so no column, such as a row's Edit
 * and Delete, is left off-screen; `cards={false}` keeps a sideways-scrolling table instead.
 */
export function Table({
  className,
  cards = true,
  ...props
}: React.ComponentProps<'table'> & { cards?: boolean }) {
  const ref = useRef<HTMLTableElement>(null);
  // Each cell carries its column's heading for the card layout. Read from the rendered headings
  // after every render, so no table has to repeat its headings on each cell.
  useLayoutEffect(() => {
    const table = ref.current;
    if (!cards || !table) return;
    const headings = [...table.querySelectorAll('thead tr:last-child th')].map(
      (th) => th.textContent?.trim() ?? '',
    );
    for (const row of table.querySelectorAll('tbody tr')) {
      [...row.children].forEach((cell, i) => {
        const label = headings[i] ?? '';
        if (cell.getAttribute('data-label') !== label) cell.setAttribute('data-label', label);
      });
    }
  });
  return (
    <div data-slot="table-container" className="relative w-full overflow-x-auto">
      <table
        ref={ref}
        data-slot="table"
        data-cards={cards ? '' : undefined}
        className={cn('w-full caption-bottom text-lg', className)}
        {...props}
      />
    </div>
  );
}

/** The table's head section. */
export const TableHeader = slotted('thead', 'table-header', '[&_tr]:border-b');

/** The table's body section. */
export const TableBody = slotted('tbody', 'table-body', '[&_tr:last-child]:border-0');

/** One table row. */
export const TableRow = slotted(
  'tr',
  'table-row',
  'border-b border-border transition-colors hover:bg-muted',
);

/** A column heading cell. */
export const TableHead = slotted(
  'th',
  'table-head',
  'h-10 whitespace-nowrap px-2 text-left align-middle text-muted-foreground',
);

/** A data cell. */
export const TableCell = slotted('td', 'table-cell', 'p-2 align-middle');

/** The table's caption, read out by screen readers. */
export const TableCaption = slotted('caption', 'table-caption', 'mt-4 text-muted-foreground');
