import { ALREADY_VOIDED, VOID_NOT_ALLOWED, type Expense, type QuickSale, type Role } from '@loupe/contracts';
import { queryKeys, type Resource } from '@loupe/platform';
import { authCheckAs, createFetchMock, renderWithProviders, type FetchMock } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AddQuickSalePage } from '../src/features/entries/components/add-quick-sale-page';
import { ExpenseListPage } from '../src/features/entries/components/expense-list-page';

const fields = {
  currency: 'GBP' as const,
  exchangeRate: 1,
  payment_method: 'Cash' as const,
  notes: '',
  voided: null,
  reversalOf: null,
};

const RENT: Expense = {
  ...fields,
  id: 12,
  name: 'Rent',
  amount: 1200,
  amountGbp: 1200,
  expense_date: '2026-03-01',
};
const COURIER: Expense = {
  ...fields,
  id: 11,
  name: 'Courier',
  amount: 12.5,
  amountGbp: 12.5,
  expense_date: '2026-02-27',
};
const STRAP: QuickSale = {
  ...fields,
  id: 40,
  name: 'Strap',
  amount: 85,
  amountGbp: 85,
  sale_date: '2026-03-02',
  clientId: null,
  clientName: null,
  buyerName: '',
  invoice: { id: 7, reference: 'INV-000007' },
};

/**
 * The list endpoint and the void of one entry, as the service does them: the original marked, a reversal (the
 * negative amount, dated the day of the void, noted "Void of #id: reason") on top of the list.
 */
function service<E extends Expense | QuickSale>(
  role: Role,
  path: string,
  rows: E[],
  dateKey: string,
): FetchMock {
  let list = rows.map((row) => ({ ...row }));
  const mock = createFetchMock({
    'GET /auth-check/': { body: authCheckAs(role) },
    'GET /csrf/': { cookies: { csrftoken: 't' } },
    [`GET ${path}`]: () => ({ body: { results: list, count: list.length } }),
  });
  for (const row of rows) {
    mock.on(`POST ${path}${row.id}/void/`, (call) => {
      const { reason } = call.body as { reason: string };
      const original = list.find((entry) => entry.id === row.id)!;
      const voided = {
        ...original,
        voided: { at: '2026-03-05T16:20:00Z', by: 'gold', reason, reversalId: 90 },
      };
      const reversal = {
        ...original,
        id: 90,
        amount: -original.amount,
        amountGbp: -original.amountGbp,
        notes: `Void of #${original.id}: ${reason}`,
        [dateKey]: '2026-03-05',
        reversalOf: original.id,
      };
      list = [reversal, ...list.map((entry) => (entry.id === row.id ? voided : entry))];
      return { body: voided };
    });
  }
  window.fetch = mock.fetch;
  return mock;
}

const rowOf = (table: HTMLElement, text: RegExp) =>
  within(table)
    .getAllByRole('row')
    .find((row) => text.test(row.textContent ?? '')) as HTMLElement;

describe('/expenselist: Void', () => {
  it('voids an expense with a reason: the request, the expense marked, its reversal listed without Void', async () => {
    const mock = service('gold', '/api/expenses/', [RENT, COURIER], 'expense_date');
    const { queryClient } = renderWithProviders(<ExpenseListPage />, { route: '/expenselist' });
    // A query of each resource, as other screens leave them in the shared cache.
    const changed: Resource[] = ['expenses', 'quick-sales', 'reports', 'dashboard', 'activity'];
    const elsewhere = (resource: Resource) => queryKeys[resource].list({ elsewhere: true });
    for (const resource of [...changed, 'items' as const])
      queryClient.setQueryData(elsewhere(resource), { results: [], count: 0 });
    const table = await screen.findByRole('table', { name: 'Expenses' });
    expect(within(table).getByRole('button', { name: 'Void Courier, £12.50 on 27 Feb 2026' })).toBeEnabled();
    await userEvent.click(within(table).getByRole('button', { name: 'Void Rent, £1,200.00 on 1 Mar 2026' }));

    const dialog = screen.getByRole('dialog', { name: 'Void expense' });
    for (const text of ['NameRent', 'Amount£1,200.00', 'Date1 Mar 2026', 'Payment MethodCash'])
      expect(dialog).toHaveTextContent(text);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Entered twice');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(mock.callsTo('POST', '/api/expenses/12/void/').map((call) => call.body)).toEqual([
      { reason: 'Entered twice' },
    ]);
    // The lists, the reports, the dashboard and the Activity screen are asked again.
    for (const resource of changed)
      expect([resource, queryClient.getQueryState(elsewhere(resource))?.isInvalidated]).toEqual([
        resource,
        true,
      ]);
    // An expense moves no stock.
    expect(queryClient.getQueryState(elsewhere('items'))?.isInvalidated).toBe(false);
    expect(await screen.findByText('Voided Rent, £1,200.00 on 1 Mar 2026.')).toBeInTheDocument();

    const after = screen.getByRole('table', { name: 'Expenses' });
    const reversal = await waitFor(() => rowOf(after, /Void of Rent, £1,200.00 on 1 Mar 2026/));
    expect(reversal).toHaveTextContent('-£1,200.00');
    expect(reversal).toHaveTextContent('5 Mar 2026');
    expect(within(reversal).queryByRole('button')).toBeNull();
    const original = rowOf(after, /Entered twice — gold/);
    expect(original).toHaveTextContent('Voided');
    expect(original).toHaveTextContent('£1,200.00');
    expect(within(original).queryByRole('button')).toBeNull();
    expect(within(after).getAllByRole('button', { name: /^Void / })).toHaveLength(1);
  });

  it('keeps the dialog, the reason and the entry when the service refuses', async () => {
    const mock = service('platinum', '/api/expenses/', [RENT], 'expense_date');
    mock.on('POST /api/expenses/12/void/', { status: 409, body: { detail: ALREADY_VOIDED } });
    renderWithProviders(<ExpenseListPage />, { route: '/expenselist' });
    await userEvent.click(await screen.findByRole('button', { name: 'Void Rent, £1,200.00 on 1 Mar 2026' }));
    const dialog = screen.getByRole('dialog', { name: 'Void expense' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Duplicate');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ALREADY_VOIDED);
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveValue('Duplicate');
  });

  it('shows silver Void disabled, the reason shown and read as its description', async () => {
    const mock = service('silver', '/api/expenses/', [RENT], 'expense_date');
    renderWithProviders(<ExpenseListPage />, { route: '/expenselist' });
    const button = await screen.findByRole('button', { name: 'Void Rent, £1,200.00 on 1 Mar 2026' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(VOID_NOT_ALLOWED);
    expect(screen.getByText(VOID_NOT_ALLOWED)).toBeVisible();
    await userEvent.click(button);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(mock.callsTo('POST', '/api/expenses/12/void/')).toHaveLength(0);
  });
});

describe('/quicksales: the latest quick sales, with Void', () => {
  it('lists them under the form and voids one', async () => {
    const mock = service('gold', '/api/quick-sales/', [STRAP], 'sale_date');
    renderWithProviders(<AddQuickSalePage />, { route: '/quicksales' });
    const table = await screen.findByRole('table', { name: 'Recent quick sales' });
    expect(screen.getByRole('heading', { level: 2, name: 'Recent Quick Sales' })).toBeInTheDocument();
    expect(rowOf(table, /Strap/)).toHaveTextContent('2 Mar 2026');
    await userEvent.click(within(table).getByRole('button', { name: 'Void Strap, £85.00 on 2 Mar 2026' }));
    const dialog = screen.getByRole('dialog', { name: 'Void quick sale' });
    expect(dialog).toHaveTextContent('NameStrap');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Sold to nobody');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(mock.callsTo('POST', '/api/quick-sales/40/void/')[0]?.body).toEqual({ reason: 'Sold to nobody' });
    const after = screen.getByRole('table', { name: 'Recent quick sales' });
    await waitFor(() => expect(rowOf(after, /Void of Strap, £85.00 on 2 Mar 2026/)).toBeDefined());
    expect(rowOf(after, /Void of Strap/)).toHaveTextContent('-£85.00');
    expect(rowOf(after, /Sold to nobody — gold/)).toHaveTextContent('Voided');
    expect(within(after).queryAllByRole('button', { name: /^Void / })).toHaveLength(0);
  });

  it('says when there are none', async () => {
    service('gold', '/api/quick-sales/', [], 'sale_date');
    renderWithProviders(<AddQuickSalePage />, { route: '/quicksales' });
    expect(await screen.findByText('No quick sales yet.')).toBeInTheDocument();
  });
});
