import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/** A column heading: its text, or its content with its own padding and alignment. */
export type TableColumn = string | { label: ReactNode; align?: 'right'; cell?: string };

/**
 * The header row of the app's data tables: one `<th scope="col">` per column, muted and
 * left-aligned, with the table's cell padding (`cell`) and a rule under it unless `plain`.
 */
export function TableHead({
  columns,
  cell = 'px-4 py-3',
  plain = false,
}: {
  columns: readonly TableColumn[];
  cell?: string;
  plain?: boolean;
}) {
  return (
    <thead>
      <tr className={cn('text-left text-muted-foreground', !plain && 'border-b border-border')}>
        {columns.map((column, i) => {
          const c = typeof column === 'string' ? { label: column } : column;
          return (
            <th
              key={typeof column === 'string' ? column : i}
              scope="col"
              className={cn(c.cell ?? cell, c.align === 'right' && 'text-right', 'font-medium')}
            >
              {c.label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
