/* eslint-disable jsx-a11y/no-redundant-roles, jsx-a11y/no-interactive-element-to-noninteractive-role --
   the table's roles are explicit on purpose (see DataTable): a table drawn as cards loses its implicit ones. */
import type { CSSProperties, Key, ReactNode } from 'react';
import styled from 'styled-components';
import { Table, TableScroll } from './layout';
import { SortableHeader } from './sortable-header';
import { VisuallyHidden } from './visually-hidden';

/** One column of a {@link DataTable}: its header, how a row fills its cell, and how the cell lays out. */
export interface DataColumn<Row> {
  /** Stable React key of the column (conditional columns come and go). */
  key: string;
  header: ReactNode;
  /** A header for screen readers only, e.g. over a row's buttons, whose names say enough on screen. */
  hideHeader?: boolean;
  cell(row: Row): ReactNode;
  /** Figures: right-aligned, tabular, never wrapped, so a column of amounts lines up on its decimal point. */
  numeric?: boolean;
  /** Short values that read wrong when broken (dates, phone numbers). */
  noWrap?: boolean;
  /**
   * Free text (notes, addresses) that breaks anywhere rather than push the row's other columns off a laptop
   * screen, kept between these widths in characters.
   */
  wrap?: { minCh?: number; maxCh?: number };
  /** The cell that names the row (`<th scope="row">`): what a screen reader announces beside every other cell. */
  rowHeader?: boolean;
  /** An id for the row's cell, for buttons elsewhere in the row to be described by (`aria-describedby`). */
  cellId?(row: Row): string;
  /** The API's `?ordering=` name of this column, when the table is sortable by it. */
  sortField?: string;
}

export interface DataTableProps<Row> {
  /** Names the table (and its scroll region); read by screen readers only, the page's heading is on screen. */
  caption: string;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey(row: Row): Key;
  /** Tighter cells, for tables with a column of buttons that must fit a laptop screen. */
  compact?: boolean;
  /** Smaller type and the tightest cells, for a table in a third of the dashboard (CompactTable's look). */
  dense?: boolean;
  /** The row to point out (e.g. the item a search found): marked `aria-current` and outlined. */
  isCurrent?(row: Row): boolean;
  /** The list's ordering and how to change it; columns with a `sortField` get a sorting header. */
  sort?: { ordering: string; onSort(ordering: string): void };
  /** A row in the table's foot (a report's totals), filled by the same columns so its figures line up. */
  footRow?: Row;
  /** Shown instead of the table when there are no rows (a dashboard card's "No watches sold yet."). */
  empty?: ReactNode;
}

const EmptyNote = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  color: ${({ theme }) => theme.colors.muted};
`;

type Density = 'regular' | 'compact' | 'dense';

/**
 * Up to this width of its box a table's rows are drawn as cards (issue 21): a phone's 390 px window, a
 * dashboard card's third of a laptop screen; a dialog's 560 px and a page's 950 px keep the table.
 */
export const CARDS_BELOW = 480;

const PADDING: Record<Density, readonly [number, number]> = {
  regular: [2, 3],
  compact: [1.5, 1.25],
  dense: [2, 1],
};

/*
 * Issue 21: a compact table (a stock list: nine columns and the row's controls) fits the 950 px a laptop's
 * 1280 × 800 leaves it, in rows of at most 56 px: slightly smaller type and tighter lines, and column headers
 * that may take two lines ("Purchase / Price") rather than widen their figures' column.
 */
const COMPACT = `
  font-size: 0.9rem;
  line-height: 1.3;
  && thead th,
  && thead th.numeric {
    white-space: normal;
  }
`;

const Styled = styled(Table)<{ $density: Density }>`
  ${({ $density }) => ($density === 'dense' ? 'font-size: 0.9rem;' : '')}
  ${({ $density }) => ($density === 'compact' ? COMPACT : '')}
  th,
  td {
    vertical-align: middle;
    padding: ${({ theme, $density }) => PADDING[$density].map((n) => theme.space(n)).join(' ')};
  }
  /* && outweighs the table's own th rule, which mutes column headers: a row's name reads as text. */
  && th[scope='row'] {
    color: ${({ theme }) => theme.colors.text};
    /* Compact (a stock list, whose row name is its serial as a link in the accent colour): medium weight; at
       semibold a generated 20-character serial took three lines beside its stock type, the row past 56 px. */
    font-weight: ${({ $density }) => ($density === 'compact' ? 500 : 600)};
  }
  && .numeric {
    text-align: right;
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
  .no-wrap {
    white-space: nowrap;
  }
  .wrap {
    overflow-wrap: anywhere;
  }
  tfoot th,
  tfoot td {
    font-weight: 700;
    border-top: 2px solid ${({ theme }) => theme.colors.border};
  }
  tr[aria-current='true'] {
    background: ${({ theme }) => theme.colors.surfaceAlt};
    outline: 2px solid ${({ theme }) => theme.colors.primary};
    outline-offset: -2px;
  }
  /* Issue 21: in a narrow box (a phone, a third of the dashboard) the rows are a stack of cards, each value
     beside its column's name (data-label), so nothing scrolls sideways and no card clips a column. The header
     row stays for screen readers. The box is the TableScroll around the table (a size container). */
  @container (max-width: ${CARDS_BELOW}px) {
    &,
    tbody,
    tfoot,
    tr,
    th,
    td {
      display: block;
    }
    thead:not(:focus-within) {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0, 0, 0, 0);
      white-space: nowrap;
    }
    /* A sorting header reached with Tab shows itself (as a row of its buttons) rather than focus going unseen. */
    thead:focus-within tr {
      display: flex;
      flex-wrap: wrap;
      gap: ${({ theme }) => theme.space(2)};
    }
    input,
    select,
    textarea {
      max-width: 100%;
      min-width: 0;
    }
    tbody tr,
    tfoot tr {
      padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
      margin-bottom: ${({ theme }) => theme.space(2)};
      border: 1px solid ${({ theme }) => theme.colors.divider};
      border-radius: ${({ theme }) => theme.radius};
    }
    && th,
    && td {
      padding: ${({ theme }) => theme.space(1)} 0;
      border-bottom: 0;
      text-align: left;
      min-width: 0;
      max-width: none;
    }
    && [data-label] {
      display: grid;
      grid-template-columns: minmax(6rem, 40%) minmax(0, 1fr);
      gap: ${({ theme }) => theme.space(2)};
      white-space: normal;
      overflow-wrap: anywhere;
    }
    && [data-label]::before {
      content: attr(data-label);
      color: ${({ theme }) => theme.colors.muted};
      font-weight: 600;
      overflow-wrap: normal;
      /* Every name reads from the card's left edge; a figure's value stays right-aligned beside it. */
      text-align: left;
    }
    /* The row's name heads its card, larger, without a label. */
    && th[scope='row'] {
      display: block;
      font-size: 1.05rem;
    }
    && th[scope='row']::before {
      content: none;
    }
    && td:empty {
      display: none;
    }
  }
`;

function cellClass<Row>(column: DataColumn<Row>): string | undefined {
  if (column.numeric) return 'numeric';
  if (column.noWrap) return 'no-wrap';
  if (column.wrap) return 'wrap';
  return undefined;
}

function cellStyle<Row>(column: DataColumn<Row>): CSSProperties | undefined {
  if (!column.wrap) return undefined;
  const { minCh, maxCh } = column.wrap;
  return {
    minWidth: minCh === undefined ? undefined : `${minCh}ch`,
    maxWidth: maxCh === undefined ? undefined : `${maxCh}ch`,
  };
}

function Cells<Row>({ columns, row }: { columns: readonly DataColumn<Row>[]; row: Row }) {
  return columns.map((column) => {
    const props = {
      className: cellClass(column),
      style: cellStyle(column),
      id: column.cellId?.(row),
      // The column's name beside the value when the row is a card (a phone); none over a row's buttons.
      'data-label': !column.hideHeader && typeof column.header === 'string' ? column.header : undefined,
    };
    return column.rowHeader ? (
      <th key={column.key} scope="row" role="rowheader" {...props}>
        {column.cell(row)}
      </th>
    ) : (
      <td key={column.key} role="cell" {...props}>
        {column.cell(row)}
      </td>
    );
  });
}

/**
 * The styled table of every list and ledger: a caption for assistive technology, one header row, a row per
 * record, figures right-aligned, inside a {@link TableScroll} so a narrow screen scrolls it rather than
 * breaking the page. Columns are declared once, so a header and its cells can never disagree on alignment.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  compact = false,
  dense = false,
  isCurrent,
  sort,
  footRow,
  empty,
}: DataTableProps<Row>) {
  if (rows.length === 0 && empty !== undefined) return <EmptyNote>{empty}</EmptyNote>;
  return (
    <TableScroll>
      {/* Explicit roles on every part: a table drawn as cards (display: block, a phone) is no longer a table to
          Safari/VoiceOver and some Chromium versions, which drop the implicit roles of re-displayed table
          elements (https://adrianroselli.com/2018/02/tables-css-display-properties-and-aria.html). */}
      <Styled role="table" $density={dense ? 'dense' : compact ? 'compact' : 'regular'}>
        <caption>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </caption>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => {
              const content = column.hideHeader ? (
                <VisuallyHidden>{column.header}</VisuallyHidden>
              ) : (
                column.header
              );
              const className = column.numeric ? 'numeric' : undefined;
              return sort && column.sortField ? (
                <SortableHeader
                  key={column.key}
                  className={className}
                  field={column.sortField}
                  ordering={sort.ordering}
                  onSort={sort.onSort}
                  role="columnheader"
                >
                  {content}
                </SortableHeader>
              ) : (
                <th key={column.key} scope="col" role="columnheader" className={className}>
                  {content}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((row) => {
            const current = isCurrent?.(row) ?? false;
            return (
              <tr key={rowKey(row)} role="row" aria-current={current ? 'true' : undefined}>
                <Cells columns={columns} row={row} />
              </tr>
            );
          })}
        </tbody>
        {footRow === undefined ? null : (
          <tfoot role="rowgroup">
            <tr role="row">
              <Cells columns={columns} row={footRow} />
            </tr>
          </tfoot>
        )}
      </Styled>
    </TableScroll>
  );
}
