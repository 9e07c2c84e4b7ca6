import type { Expense } from '@loupe/contracts';
import {
  Alert,
  Button,
  Card,
  DataTable,
  errorDetail,
  formatDay,
  formatMoney,
  ListPagination,
  PageHeader,
  Spinner,
  useListController,
  usePageTitle,
  type DataColumn,
} from '@loupe/platform';
import styled from 'styled-components';
import { EXPENSE_FILTERS, expensesOptions } from '../api/get-expenses';
import { DateRangeFilter } from './date-range-filter';
import { useEntryVoids } from './entry-voids';

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.muted};
`;

const COLUMNS: readonly DataColumn<Expense>[] = [
  { key: 'name', header: 'Name', cell: (expense) => expense.name },
  {
    key: 'date',
    header: 'Date',
    cell: (expense) => <time dateTime={expense.expense_date}>{formatDay(expense.expense_date)}</time>,
  },
  { key: 'notes', header: 'Notes', wrap: { maxCh: 28 }, cell: (expense) => expense.notes },
  { key: 'currency', header: 'Currency', cell: (expense) => expense.currency },
  {
    key: 'amount',
    header: 'Amount',
    numeric: true,
    cell: (expense) => formatMoney(expense.amount, expense.currency),
  },
  { key: 'method', header: 'Payment Method', cell: (expense) => expense.payment_method },
];

/** /expenselist (SPEC §2): the shop's expenses, newest first, paged and filtered by date on the server. */
export function ExpenseListPage() {
  usePageTitle('Expense List');
  // An old link past the last page says so and offers page 1, rather than moving the user silently.
  const list = useListController({ filters: EXPENSE_FILTERS, query: expensesOptions, pastTheEnd: 'report' });
  const { date_from: from, date_to: to } = list.filters;
  // Void on each expense (issue 12): the list shows the voided ones marked and their reversals.
  const voids = useEntryVoids('expense', list.data ?? []);

  return (
    <>
      <PageHeader title="Expense List" />
      <Card>
        <DateRangeFilter
          label="Expense dates"
          value={{ from, to }}
          onApply={(range) => list.setFilters({ date_from: range.from, date_to: range.to })}
        />
        {list.error ? (
          <Alert>
            {list.pastTheEnd
              ? `There is no page ${list.page} of this list.`
              : (errorDetail(list.error) ?? 'Failed to load expenses.')}{' '}
            {list.pastTheEnd ? (
              <Button variant="secondary" onClick={() => list.setPage(1)}>
                Go to page 1
              </Button>
            ) : (
              <Button variant="secondary" onClick={list.retry}>
                Retry
              </Button>
            )}
          </Alert>
        ) : null}
        {list.isLoading ? <Spinner label="Loading expenses..." /> : null}
        {list.data && !list.error ? (
          list.data.length === 0 ? (
            <Muted>{from || to ? 'No expenses in these dates.' : 'No expenses yet.'}</Muted>
          ) : (
            <>
              {voids.notice}
              <DataTable
                caption="Expenses"
                columns={[...COLUMNS, voids.column]}
                rows={list.data}
                rowKey={(row) => row.id}
              />
            </>
          )
        ) : null}
        {list.data ? <ListPagination list={list} label="Expense pages" /> : null}
        {voids.dialog}
      </Card>
    </>
  );
}
