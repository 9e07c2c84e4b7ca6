import { ITEM_SELLER_NOT_ON_LINES, type Item } from '@loupe/contracts';
import { authCheckAs, createFetchMock, renderWithProviders, type FetchMock } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AddItemPage } from '../src/features/items/components/add-item-page';
import { makeClient, makeItem } from './support/fake-inventory';
import { SPEC_CATALOGUE } from './support/catalogue';

// Issue 22, item 1 on Add Item: with purchase transactions the item is also recorded as a purchase document, and
// the form can name who sold it ("Bought from"), printed on the purchase invoice.

const GRACE = makeClient(6, 'Grace Hopper');

let alertSpy: jest.SpyInstance;
beforeEach(() => {
  alertSpy = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
});
afterEach(() => alertSpy.mockRestore());

function server(post?: Parameters<FetchMock['on']>[1]): FetchMock {
  const mock = createFetchMock({
    'GET /auth-check/': { body: authCheckAs('gold') },
    'GET /csrf/': { cookies: { csrftoken: 'tok' } },
    ...SPEC_CATALOGUE,
    'GET /api/clients/': { body: { results: [GRACE], count: 1 } },
    'POST /api/items/':
      post ??
      ((call) => ({
        status: 201,
        body: makeItem({ id: 91, ...(call.body as Partial<Item>), transactions: [] }),
      })),
  });
  window.fetch = mock.fetch;
  return mock;
}

async function addCashLine(amount: string) {
  await userEvent.click(await screen.findByRole('button', { name: 'Add Transaction' }));
  const line = screen.getAllByRole('group', { name: /^Transaction \d+$/ }).at(-1) as HTMLElement;
  await userEvent.type(within(line).getByLabelText('Amount'), amount);
}

it('asks who sold the item only once there is a purchase, and sends the seller chosen', async () => {
  const mock = server();
  renderWithProviders(<AddItemPage />, { route: '/inventory/add' });
  await userEvent.type(await screen.findByLabelText('Serial Number'), 'FORM-7');
  expect(screen.queryByRole('combobox', { name: 'Bought from' })).not.toBeInTheDocument();
  await addCashLine('950');
  await userEvent.type(screen.getByRole('combobox', { name: 'Bought from' }), 'Grace');
  await userEvent.click(await screen.findByRole('option', { name: /Grace Hopper/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
  await waitFor(() => expect(alertSpy).toHaveBeenCalledWith('Inventory item added successfully!'));
  const body = mock.callsTo('POST', '/api/items/')[0]?.body as Record<string, unknown>;
  expect(body.sellerId).toBe(6);
  expect(body.transactions).toEqual([expect.objectContaining({ type: 'cash', amount: '950' })]);
});

it('sends no seller when none is chosen, and shows the server’s objection to one under the field', async () => {
  const mock = server({ status: 400, body: { sellerId: [ITEM_SELLER_NOT_ON_LINES] } });
  renderWithProviders(<AddItemPage />, { route: '/inventory/add' });
  await userEvent.type(await screen.findByLabelText('Serial Number'), 'FORM-8');
  await addCashLine('500');
  await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
  expect(await screen.findByText(ITEM_SELLER_NOT_ON_LINES)).toBeInTheDocument();
  const body = mock.callsTo('POST', '/api/items/')[0]?.body as Record<string, unknown>;
  expect(body).not.toHaveProperty('sellerId');
  expect(alertSpy).not.toHaveBeenCalled();
});

it('sends how each cash line was paid: Cash by default, Bitcoin for BTC, or the method chosen', async () => {
  const mock = server();
  renderWithProviders(<AddItemPage />, { route: '/inventory/add' });
  await userEvent.type(await screen.findByLabelText('Serial Number'), 'FORM-9');
  await addCashLine('10000');
  const first = screen.getByRole('group', { name: 'Transaction 1' });
  expect(within(first).getByLabelText('Paid by')).toHaveValue('Cash');
  await userEvent.selectOptions(within(first).getByLabelText('Paid by'), 'Bank Transfer');
  await addCashLine('0.5');
  const second = screen.getByRole('group', { name: 'Transaction 2' });
  await userEvent.selectOptions(within(second).getByLabelText('Currency'), 'BTC');
  expect(within(second).getByLabelText('Paid by')).toHaveValue('Bitcoin');
  // Credit and debt lines settle through the client's ledger: no method is asked.
  await userEvent.click(screen.getByRole('button', { name: 'Add Transaction' }));
  const third = screen.getByRole('group', { name: 'Transaction 3' });
  await userEvent.selectOptions(within(third).getByLabelText('Type'), 'credit');
  expect(within(third).queryByLabelText('Paid by')).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Remove transaction 3' }));
  await userEvent.clear(within(second).getByLabelText('Exchange Rate'));
  await userEvent.type(within(second).getByLabelText('Exchange Rate'), '40000');
  await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
  await waitFor(() => expect(alertSpy).toHaveBeenCalledWith('Inventory item added successfully!'));
  const body = mock.callsTo('POST', '/api/items/')[0]?.body as {
    transactions: Array<Record<string, unknown>>;
  };
  expect(body.transactions.map((t) => [t.method, t.currency])).toEqual([
    ['Bank Transfer', 'GBP'],
    ['Bitcoin', 'BTC'],
  ]);
});
