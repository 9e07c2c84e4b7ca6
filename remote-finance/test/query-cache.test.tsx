import type { DashboardPin, Expense, FinanceDashboard, Report } from '@loupe/contracts';
import { authCheckAs, createFetchMock, renderWithProviders, type FetchCall } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PinnedReportsWidget, RevenueWidget } from '../src/features/dashboard/components/finance-widgets';
import { AddExpensePage } from '../src/features/entries/components/add-expense-page';
import { AddQuickSalePage } from '../src/features/entries/components/add-quick-sale-page';
import { ExpenseListPage } from '../src/features/entries/components/expense-list-page';
import { ReportsPage } from '../src/features/reports/components/reports-page';

// The finance screens read one shared cache: what one saves, the others show without a reload.

const EXPENSES = '/api/expenses/';
const QUICK_SALES = '/api/quick-sales/';
const REPORTS = '/api/reports/';
const DASHBOARD = '/api/dashboard/finance/';
const PINS = '/api/dashboard/pins/';

const DASHBOARD_FIGURES: FinanceDashboard = {
  today: '2026-03-09',
  revenue: { month: 1000, allTime: 5000 },
  sales: { today: 0, week: 0, month: 1000 },
  purchases: { month: 0, count: 0 },
  profitLoss: { month: 1000 },
  salesByMethod: { card: 0, cash: 1000, bank: 0, other: 0 },
  recentWatchSales: [],
};

/** A fake service that keeps what is saved, so a second read sees it. */
function server() {
  const expenses: Expense[] = [];
  const pins: DashboardPin[] = [];
  let sales = 0;
  const mock = createFetchMock({
    'GET /auth-check/': { body: authCheckAs('gold') },
    'GET /csrf/': { cookies: { csrftoken: 't' } },
    [`GET ${EXPENSES}`]: () => ({ body: { results: expenses, count: expenses.length } }),
    [`POST ${EXPENSES}`]: (call: FetchCall) => {
      const body = call.body as Record<string, string>;
      const saved: Expense = {
        id: expenses.length + 1,
        name: body.name ?? '',
        amount: Number(body.amount),
        currency: 'GBP',
        exchangeRate: 1,
        amountGbp: Number(body.amount),
        payment_method: 'Cash',
        notes: '',
        expense_date: body.date ?? '2026-03-09',
        voided: null,
        reversalOf: null,
      };
      expenses.unshift(saved);
      return { status: 201, body: saved };
    },
    [`POST ${QUICK_SALES}`]: (call: FetchCall) => {
      sales += Number((call.body as Record<string, string>).amount);
      return { status: 201, body: { id: 1, ...(call.body as object), sale_date: '2026-03-09' } };
    },
    [`GET ${DASHBOARD}`]: () => ({
      body: { ...DASHBOARD_FIGURES, revenue: { month: 1000 + sales, allTime: 5000 + sales } },
    }),
    [`GET ${REPORTS}`]: (): { body: Report } => ({
      body: {
        type: 'sales',
        range: 'daily',
        from: '2026-03-03',
        to: '2026-03-09',
        currency: 'GBP',
        rows: [{ date: '2026-03-09', sales: 1000 + sales, expenses: 0, profit: 1000 + sales }],
        totals: { sales: 1000 + sales, expenses: 0, profit: 1000 + sales },
        details: {
          kind: 'sales',
          itemSales: { count: 1, amount: 1000 },
          quickSales: { count: sales ? 1 : 0, amount: sales },
          costOfGoods: 0,
        },
      },
    }),
    [`GET ${PINS}`]: () => ({ body: { results: pins, count: pins.length } }),
    [`POST ${PINS}`]: (call: FetchCall) => {
      const body = call.body as { type: DashboardPin['type']; range: DashboardPin['range'] };
      const pin: DashboardPin = {
        id: pins.length + 1,
        type: body.type,
        range: body.range,
        from: null,
        to: null,
        periodFrom: '2026-03-03',
        periodTo: '2026-03-09',
        totals: { sales: 1000, expenses: 0, profit: 1000 },
        createdAt: '2026-03-09T10:00:00Z',
      };
      pins.push(pin);
      return { status: 201, body: pin };
    },
  });
  window.fetch = mock.fetch;
  return mock;
}

beforeEach(() => {
  jest.spyOn(window, 'alert').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

async function fillEntry(name: string, amount: string) {
  await userEvent.type(screen.getByLabelText('Name'), name);
  await userEvent.type(screen.getByLabelText('Amount'), amount);
}

it('a saved expense appears in the expense list on screen, with no reload', async () => {
  const mock = server();
  renderWithProviders(
    <>
      <AddExpensePage />
      <ExpenseListPage />
    </>,
    { route: '/expenselist' },
  );
  expect(await screen.findByText('No expenses yet.')).toBeInTheDocument();
  await fillEntry('Courier', '12.50');
  await userEvent.click(screen.getByRole('button', { name: 'Save Expense' }));
  const table = await screen.findByRole('table', { name: 'Expenses' });
  expect(within(table).getByRole('cell', { name: 'Courier' })).toBeInTheDocument();
  expect(mock.callsTo('GET', EXPENSES)).toHaveLength(2);
});

it('going back to the expense list shows its rows at once, from the cache', async () => {
  const mock = server();
  await mock.fetch('/api/api/expenses/', {
    method: 'POST',
    body: JSON.stringify({ name: 'Insurance', amount: '90' }),
  });
  const first = renderWithProviders(<ExpenseListPage />, { route: '/expenselist' });
  await screen.findByRole('table', { name: 'Expenses' });
  const { queryClient } = first;
  first.unmount();
  const asked = mock.callsTo('GET', EXPENSES).length;

  renderWithProviders(<ExpenseListPage />, { route: '/expenselist', queryClient });
  // Synchronously, before any answer could have arrived.
  expect(screen.getByRole('cell', { name: 'Insurance' })).toBeInTheDocument();
  expect(screen.queryByText('Loading expenses...')).not.toBeInTheDocument();
  expect(mock.callsTo('GET', EXPENSES)).toHaveLength(asked);
  // The new view's sign-in check settles; the rows were fresh, so still nothing was asked again.
  await waitFor(() => expect(mock.callsTo('GET', '/auth-check/')).toHaveLength(2));
  expect(mock.callsTo('GET', EXPENSES)).toHaveLength(asked);
});

it('a quick sale refreshes the report and the revenue on screen', async () => {
  const mock = server();
  renderWithProviders(
    <>
      <AddQuickSalePage />
      <ReportsPage />
      <RevenueWidget />
    </>,
    { route: '/reports?type=sales&range=daily' },
  );
  const revenue = screen.getByRole('region', { name: 'Revenue' });
  await within(revenue).findByText('£1,000.00');
  await screen.findByRole('table', { name: 'Report summary' });

  await fillEntry('Strap', '250');
  await userEvent.click(screen.getByRole('button', { name: 'Save Quick Sale' }));

  await within(revenue).findByText('£1,250.00');
  await waitFor(() =>
    expect(screen.getByRole('group', { name: 'Sales details' })).toHaveTextContent('£250.00 (1 sale)'),
  );
  expect(mock.callsTo('GET', REPORTS)).toHaveLength(2);
  expect(mock.callsTo('GET', DASHBOARD)).toHaveLength(2);
});

it('Add to Dash shows the new pin in Pinned Reports, with no reload', async () => {
  server();
  renderWithProviders(
    <>
      <ReportsPage />
      <PinnedReportsWidget />
    </>,
    { route: '/reports?type=sales&range=daily' },
  );
  expect(await screen.findByText(/No pinned reports yet\./)).toBeInTheDocument();
  await screen.findByRole('table', { name: 'Report summary' });
  await userEvent.click(screen.getByRole('button', { name: 'Add to Dash' }));
  const pins = await screen.findByRole('list', { name: 'Pinned reports' });
  expect(within(pins).getByRole('link', { name: 'Sales, Daily' })).toBeInTheDocument();
});

it('saving an entry marks expenses, quick sales, reports and the dashboard stale, and nothing else', async () => {
  server();
  const { queryClient } = renderWithProviders(<AddExpensePage />, { route: '/expenses' });
  const keys = [
    ['expenses', 'list', {}],
    ['quick-sales', 'list', {}],
    ['reports', 'report', {}],
    ['dashboard', 'pins'],
    ['items', 'summary'],
    ['clients', 'summary'],
    ['memberships'],
    ['invoices', 'list', {}],
  ];
  for (const queryKey of keys) queryClient.setQueryData(queryKey, { seeded: true });

  await fillEntry('Courier', '12.50');
  await userEvent.click(screen.getByRole('button', { name: 'Save Expense' }));
  await screen.findByText(/ saved: /);

  expect(keys.map((queryKey) => [queryKey[0], queryClient.getQueryState(queryKey)?.isInvalidated])).toEqual([
    ['expenses', true],
    ['quick-sales', true],
    ['reports', true],
    ['dashboard', true],
    ['items', false],
    ['clients', false],
    ['memberships', false],
    ['invoices', false],
  ]);
});

it('a quick sale also marks the invoices list stale: it issued an invoice (issue 13)', async () => {
  server();
  const { queryClient } = renderWithProviders(<AddQuickSalePage />, { route: '/quicksales' });
  const invoices = ['invoices', 'list', { page: 1, page_size: 10 }];
  queryClient.setQueryData(invoices, { results: [], count: 0 });
  await fillEntry('Strap', '85');
  await userEvent.click(screen.getByRole('button', { name: 'Save Quick Sale' }));
  await screen.findByText(/ saved: /);
  expect(queryClient.getQueryState(invoices)?.isInvalidated).toBe(true);
});
