import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Spinner } from '../ui/spinner';
import { rangeText, type ListController } from './list-controller';
import { ListPagination } from './pagination';

const Summary = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.colors.muted};
`;

/** What ListResults reads of a list controller. */
export type ResultsList<TRow> = Pick<
  ListController<TRow, string>,
  | 'data'
  | 'total'
  | 'isLoading'
  | 'isFetching'
  | 'range'
  | 'page'
  | 'pageCount'
  | 'pageSize'
  | 'setPage'
  | 'setPageSize'
>;

interface ListResultsProps<TRow> {
  list: ResultsList<TRow>;
  /** The spinner's text on the first load, e.g. "Loading clients...". */
  loadingLabel: string;
  /** The summary when the list is empty (the screen words it, e.g. with or without filters). */
  emptyText: string;
  /** The pagination's accessible name, e.g. "Clients pages". */
  paginationLabel: string;
  /** The table of this page's rows; not rendered when the page has none. */
  children(rows: TRow[]): ReactNode;
}

/**
 * The part of a list screen under its filters, wired to a list controller the same way on every screen: a
 * spinner until the first answer, then a polite summary ("1–10 of 42", or the empty text), the rows' table and
 * the pagination, marked busy while another page loads (the rows shown stay until it arrives).
 */
export function ListResults<TRow>({
  list,
  loadingLabel,
  emptyText,
  paginationLabel,
  children,
}: ListResultsProps<TRow>) {
  if (list.data === undefined || list.total === undefined) {
    return list.isLoading ? <Spinner label={loadingLabel} /> : null;
  }
  return (
    <div aria-busy={list.isFetching}>
      <Summary aria-live="polite">{list.total === 0 ? emptyText : rangeText(list.range, list.total)}</Summary>
      {list.data.length > 0 ? children(list.data) : null}
      <ListPagination list={list} label={paginationLabel} />
    </div>
  );
}
