import type { Expense } from '@loupe/contracts';
import {
  Alert,
  Button,
  Card,
  errorDetail,
  formatDay,
  formatMoney,
  PageHeader,
  Pagination,
  Spinner,
  Table,
  TableScroll,
  useListController,
  usePageTitle,
  VisuallyHidden,
} from '@loupe/platform';
import styled from 'styled-components';
import { EXPENSE_FILTERS, expensesOptions } from '../api/get-expenses';
import { DateRangeFilter } from './date-range-filter';

const Amount = styled.td`
  text-align: right !important;
  white-space: nowrap;
  font-variant-numeric: tabular-nums;
`;

const Notes = styled.td`
  max-width: 28ch;
  overflow-wrap: anywhere;
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.muted};
`;

function ExpenseRows({ expenses }: { expenses: Expense[] }) {
  return (
    <TableScroll>
      <Table>
        <caption>
          <VisuallyHidden>Expenses</VisuallyHidden>
        </caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Date</th>
            <th scope="col">Notes</th>
            <th scope="col">Currency</th>
            <th scope="col" style={{ textAlign: 'right' }}>
              Amount
            </th>
            <th scope="col">Payment Method</th>
          </tr>
        </thead>
        <tbody>
          {expenses.map((expense) => (
            <tr key={expense.id}>
              <td>{expense.name}</td>
              <td>
                <time dateTime={expense.expense_date}>{formatDay(expense.expense_date)}</time>
              </td>
              <Notes>{expense.notes}</Notes>
              <td>{expense.currency}</td>
              <Amount>{formatMoney(expense.amount, expense.currency)}</Amount>
              <td>{expense.payment_method}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}

/** /expenselist (SPEC §2): the shop's expenses, newest first, paged and filtered by date on the server. */
export function ExpenseListPage() {
  usePageTitle('Expense List');
  // An old link past the last page says so and offers page 1, rather than moving the user silently.
  const list = useListController({ filters: EXPENSE_FILTERS, query: expensesOptions, pastTheEnd: 'report' });
  const { date_from: from, date_to: to } = list.filters;

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
            <ExpenseRows expenses={list.data} />
          )
        ) : null}
        {list.data ? (
          <Pagination
            label="Expense pages"
            page={list.page}
            pageCount={list.pageCount}
            pageSize={list.pageSize}
            onPageChange={list.setPage}
            onPageSizeChange={list.setPageSize}
          />
        ) : null}
      </Card>
    </>
  );
}
