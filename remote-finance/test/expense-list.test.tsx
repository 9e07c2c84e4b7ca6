import type { Expense } from '@loupe/contracts';
import { authCheckAs, createFetchMock, renderWithProviders, type FetchCall } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ExpenseListPage } from '../src/features/entries/components/expense-list-page';

const EXPENSES = '/api/expenses/';

const expense = (id: number, over: Partial<Expense> = {}): Expense => ({
  id,
  name: `Expense ${id}`,
  amount: 10,
  currency: 'GBP',
  exchangeRate: 1,
  amountGbp: 10,
  payment_method: 'Cash',
  notes: '',
  expense_date: '2026-03-01',
  voided: null,
  reversalOf: null,
  ...over,
});

const ALL = Array.from({ length: 23 }, (_, i) => expense(i + 1));

/** A fake of the list endpoint that pages and filters like the service. */
function server(all: Expense[] = ALL) {
  const mock = createFetchMock({
    'GET /auth-check/': { body: authCheckAs('gold') },
    [`GET ${EXPENSES}`]: (call: FetchCall) => {
      const query = new URL(call.url, 'http://x').searchParams;
      const page = Number(query.get('page') ?? 1);
      const size = Number(query.get('page_size') ?? 10);
      const from = query.get('date_from') ?? '';
      const to = query.get('date_to') ?? '';
      const rows = all.filter((e) => (!from || e.expense_date >= from) && (!to || e.expense_date <= to));
      const slice = rows.slice((page - 1) * size, page * size);
      if (page > 1 && slice.length === 0) return { status: 404, body: { detail: 'Invalid page.' } };
      return { body: { results: slice, count: rows.length } };
    },
  });
  window.fetch = mock.fetch;
  return mock;
}

const renderList = (route = '/expenselist') => renderWithProviders(<ExpenseListPage />, { route });
const lastQuery = (mock: ReturnType<typeof server>) =>
  Object.fromEntries(new URL(mock.callsTo('GET', EXPENSES).at(-1)?.url ?? '', 'http://x').searchParams);
const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Expenses' }))
    .getAllByRole('row')
    .slice(1);
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

it('lists name, date, notes, currency, amount to two decimals and payment method', async () => {
  server([
    expense(1, {
      name: 'Courier',
      amount: 12.5,
      notes: 'Geneva, insured',
      payment_method: 'Debit Card',
      expense_date: '2026-03-09',
    }),
    expense(2, {
      name: 'Strap stock',
      amount: 1200,
      currency: 'USD',
      exchangeRate: 0.79,
      payment_method: 'PayPal',
    }),
    expense(3, { name: 'Node fee', amount: 0.00012345, currency: 'BTC', payment_method: 'Bitcoin' }),
    expense(4, { name: 'Round', amount: 7, currency: 'EUR' }),
  ]);
  renderList();
  expect(await screen.findByRole('heading', { level: 1, name: 'Expense List' })).toBeInTheDocument();
  await screen.findByRole('table', { name: 'Expenses' });
  expect(
    within(screen.getByRole('table', { name: 'Expenses' }))
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toEqual(['Name', 'Date', 'Notes', 'Currency', 'Amount', 'Payment Method', 'Status']);
  // Status: each expense can be voided (issue 12).
  expect(bodyRows().map(cells)).toEqual([
    ['Courier', '9 Mar 2026', 'Geneva, insured', 'GBP', '£12.50', 'Debit Card', 'Void'],
    ['Strap stock', '1 Mar 2026', '', 'USD', '$1,200.00', 'PayPal', 'Void'],
    ['Node fee', '1 Mar 2026', '', 'BTC', '₿0.00012345', 'Bitcoin', 'Void'],
    ['Round', '1 Mar 2026', '', 'EUR', '€7.00', 'Cash', 'Void'],
  ]);
  expect(within(bodyRows()[0]!).getByText('9 Mar 2026').closest('time')).toHaveAttribute(
    'dateTime',
    '2026-03-09',
  );
});

it('asks the server for one page at a time and keeps the page in the URL', async () => {
  const mock = server();
  renderList();
  await screen.findByRole('table', { name: 'Expenses' });
  expect(lastQuery(mock)).toEqual({ page: '1', page_size: '10' });
  expect(bodyRows()).toHaveLength(10);
  expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await waitFor(() => expect(screen.getByText('Page 2 of 3')).toBeInTheDocument());
  expect(lastQuery(mock)).toEqual({ page: '2', page_size: '10' });
  expect(screen.getByTestId('location')).toHaveTextContent('/expenselist?page=2');
  await waitFor(() => expect(cells(bodyRows()[0]!)[0]).toBe('Expense 11'));

  await userEvent.selectOptions(screen.getByLabelText('Items per page'), '25');
  await waitFor(() => expect(screen.getByText('Page 1 of 1')).toBeInTheDocument());
  expect(lastQuery(mock)).toEqual({ page: '1', page_size: '25' });
  expect(screen.getByTestId('location')).toHaveTextContent('/expenselist?page_size=25');
  await waitFor(() => expect(bodyRows()).toHaveLength(23));
});

it('filters by a date range kept in the URL, back on page 1', async () => {
  const mock = server([
    expense(1, { name: 'Early', expense_date: '2026-02-27' }),
    expense(2, { name: 'In', expense_date: '2026-03-01' }),
    expense(3, { name: 'Also in', expense_date: '2026-03-31' }),
    expense(4, { name: 'Late', expense_date: '2026-04-01' }),
  ]);
  renderList('/expenselist?page_size=25');
  await screen.findByRole('table', { name: 'Expenses' });
  const filter = screen.getByRole('search', { name: 'Expense dates' });
  await userEvent.type(within(filter).getByLabelText('From'), '2026-03-01');
  await userEvent.type(within(filter).getByLabelText('To'), '2026-03-31');
  await userEvent.click(within(filter).getByRole('button', { name: 'Filter' }));

  await waitFor(() => expect(bodyRows().map((row) => cells(row)[0])).toEqual(['In', 'Also in']));
  expect(lastQuery(mock)).toEqual({
    page: '1',
    page_size: '25',
    date_from: '2026-03-01',
    date_to: '2026-03-31',
  });
  expect(screen.getByTestId('location')).toHaveTextContent(
    '/expenselist?page_size=25&date_from=2026-03-01&date_to=2026-03-31',
  );

  await userEvent.click(within(filter).getByRole('button', { name: 'Clear' }));
  await waitFor(() => expect(bodyRows()).toHaveLength(4));
  expect(within(filter).getByLabelText('From')).toHaveValue('');
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/expenselist\?page_size=25$/);
});

it('opens with the range of the URL in its fields, and says when nothing falls in it', async () => {
  const mock = server();
  renderList('/expenselist?date_from=2027-01-01&page=1');
  expect(await screen.findByText('No expenses in these dates.')).toBeInTheDocument();
  expect(screen.getByLabelText('From')).toHaveValue('2027-01-01');
  expect(screen.getByLabelText('To')).toHaveValue('');
  expect(lastQuery(mock)).toEqual({ page: '1', page_size: '10', date_from: '2027-01-01' });
});

it('refuses a range that ends before it starts, without asking the server', async () => {
  const mock = server();
  renderList();
  await screen.findByRole('table', { name: 'Expenses' });
  const calls = mock.callsTo('GET', EXPENSES).length;
  await userEvent.type(screen.getByLabelText('From'), '2026-03-10');
  await userEvent.type(screen.getByLabelText('To'), '2026-03-01');
  await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
  expect(screen.getByText('To must be on or after From.')).toHaveAttribute('role', 'alert');
  expect(mock.callsTo('GET', EXPENSES)).toHaveLength(calls);
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/expenselist$/);
});

it('says so when there are no expenses at all', async () => {
  server([]);
  renderList();
  expect(await screen.findByText('No expenses yet.')).toBeInTheDocument();
  expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
});

it('shows a failed load with Retry', async () => {
  const mock = server();
  mock.on(`GET ${EXPENSES}`, { status: 500 });
  renderList();
  expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load expenses.');
  server();
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  await screen.findByRole('table', { name: 'Expenses' });
});

it('offers page 1 when the URL asks for a page that no longer exists', async () => {
  server();
  renderList('/expenselist?page=9');
  expect(await screen.findByRole('alert')).toHaveTextContent('There is no page 9 of this list.');
  await userEvent.click(screen.getByRole('button', { name: 'Go to page 1' }));
  await screen.findByRole('table', { name: 'Expenses' });
  expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
});
