import type { Expense } from '@loupe/contracts';
import {
  Alert,
  Button,
  Card,
  errorDetail,
  formatDay,
  formatMoney,
  HttpError,
  pageCount,
  PageHeader,
  Pagination,
  Spinner,
  Table,
  TableScroll,
  useListParams,
  VisuallyHidden,
} from '@loupe/platform';
import styled from 'styled-components';
import { useExpenses } from '../api/get-expenses';
import { DateRangeFilter } from './date-range-filter';

const FILTERS = ['date_from', 'date_to'] as const;

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
  const list = useListParams(FILTERS);
  const expenses = useExpenses(list.query);
  const filtered = Boolean(list.filters.date_from || list.filters.date_to);
  const pastTheEnd = expenses.error instanceof HttpError && expenses.error.status === 404 && list.page > 1;

  return (
    <>
      <PageHeader title="Expense List" />
      <Card>
        <DateRangeFilter
          label="Expense dates"
          value={{ from: list.filters.date_from, to: list.filters.date_to }}
          onApply={({ from, to }) => list.setFilters({ date_from: from, date_to: to })}
        />
        {expenses.status === 'error' ? (
          <Alert>
            {pastTheEnd
              ? `There is no page ${list.page} of this list.`
              : (errorDetail(expenses.error) ?? 'Failed to load expenses.')}{' '}
            {pastTheEnd ? (
              <Button variant="secondary" onClick={() => list.setPage(1)}>
                Go to page 1
              </Button>
            ) : (
              <Button variant="secondary" onClick={expenses.reload}>
                Retry
              </Button>
            )}
          </Alert>
        ) : null}
        {expenses.status === 'loading' ? <Spinner label="Loading expenses..." /> : null}
        {expenses.data && expenses.status !== 'error' ? (
          expenses.data.results.length === 0 ? (
            <Muted>{filtered ? 'No expenses in these dates.' : 'No expenses yet.'}</Muted>
          ) : (
            <ExpenseRows expenses={expenses.data.results} />
          )
        ) : null}
        {expenses.data ? (
          <Pagination
            label="Expense pages"
            page={list.page}
            pageCount={pageCount(expenses.data.count, list.pageSize)}
            pageSize={list.pageSize}
            onPageChange={list.setPage}
            onPageSizeChange={list.setPageSize}
          />
        ) : null}
      </Card>
    </>
  );
}
