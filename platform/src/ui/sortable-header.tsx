import type { ReactNode, ThHTMLAttributes } from 'react';
import styled from 'styled-components';

export type SortDirection = 'ascending' | 'descending';

/**
 * The direction in which `ordering` (the API's `?ordering=`, Django style: `name` or `-name`) sorts by
 * `field`, or null when it sorts by something else.
 */
export function sortDirection(ordering: string, field: string): SortDirection | null {
  if (ordering === field) return 'ascending';
  if (ordering === `-${field}`) return 'descending';
  return null;
}

/** The ordering a press on `field`'s header asks for: ascending first, then the other way round. */
export function nextOrdering(ordering: string, field: string): string {
  return sortDirection(ordering, field) === 'ascending' ? `-${field}` : field;
}

const Th = styled.th`
  button {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(1)};
    padding: 0;
    border: 0;
    background: none;
    color: inherit;
    font: inherit;
    cursor: pointer;
    text-align: inherit;
  }
`;

const ARROWS: Record<SortDirection | 'none', string> = { ascending: '▲', descending: '▼', none: '↕' };

export interface SortableHeaderProps extends Omit<ThHTMLAttributes<HTMLTableCellElement>, 'onClick'> {
  /** The column's sort key, as the API's `?ordering=` names it. */
  field: string;
  /** The list's current ordering (`name`, `-name`, …). */
  ordering: string;
  onSort(ordering: string): void;
  children: ReactNode;
}

/**
 * A column header that sorts its table: a button inside a `<th>` that carries `aria-sort` while the table is
 * sorted by it, so a screen reader announces the order with the column (the arrow is decoration only).
 */
export function SortableHeader({ field, ordering, onSort, children, ...rest }: SortableHeaderProps) {
  const direction = sortDirection(ordering, field);
  return (
    <Th scope="col" aria-sort={direction ?? undefined} {...rest}>
      <button type="button" onClick={() => onSort(nextOrdering(ordering, field))}>
        {children}
        <span aria-hidden="true">{ARROWS[direction ?? 'none']}</span>
      </button>
    </Th>
  );
}
