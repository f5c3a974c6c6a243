import type * as React from 'react';
import { useLayoutEffect, useRef } from 'react';
import { cn } from '../../lib/cn.ts';

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
export function TableHeader({ className, ...props }: React.ComponentProps<'thead'>) {
  return <thead data-slot="table-header" className={cn('[&_tr]:border-b', className)} {...props} />;
}

/** The table's body section. */
export function TableBody({ className, ...props }: React.ComponentProps<'tbody'>) {
  return (
    <tbody
      data-slot="table-body"
      className={cn('[&_tr:last-child]:border-0', className)}
      {...props}
    />
  );
}

/** One table row. */
export function TableRow({ className, ...props }: React.ComponentProps<'tr'>) {
  return (
    <tr
      data-slot="table-row"
      className={cn('border-b border-border transition-colors hover:bg-muted', className)}
      {...props}
    />
  );
}

/** A column heading cell. */
export function TableHead({ className, ...props }: React.ComponentProps<'th'>) {
  return (
    <th
      data-slot="table-head"
      className={cn(
        'h-10 whitespace-nowrap px-2 text-left align-middle text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

/** A data cell. */
export function TableCell({ className, ...props }: React.ComponentProps<'td'>) {
  return <td data-slot="table-cell" className={cn('p-2 align-middle', className)} {...props} />;
}

/** The table's caption, read out by screen readers. */
export function TableCaption({ className, ...props }: React.ComponentProps<'caption'>) {
  return (
    <caption
      data-slot="table-caption"
      className={cn('mt-4 text-muted-foreground', className)}
      {...props}
    />
  );
}
