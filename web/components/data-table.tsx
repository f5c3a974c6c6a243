import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from './ui/table.tsx';

/** A column of a data table: its heading and what a row shows in it. */
export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Classes of the column's cells. */
  className?: string;
  /** Right-aligned heading and cells (numbers, row buttons). */
  end?: boolean;
}

/**
 * A table of `rows` by `columns` (a card per row on phones, see Table); `rowTestId` names each
 * row for the tests.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  rowTestId,
}: {
  columns: Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  rowTestId?: (row: T) => string;
}) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          {columns.map((c) => (
            <TableHead key={c.header} className={c.end ? 'text-right' : undefined}>
              {c.header}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={rowKey(row)} data-testid={rowTestId?.(row)}>
            {columns.map((c) => (
              <TableCell key={c.header} className={cn(c.end && 'text-right', c.className)}>
                {c.cell(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
