import type { Item } from '@loupe/contracts';
import { authCheckAs, createFetchMock, renderWithProviders, type FetchMock } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AddItemPage } from '../src/features/items/components/add-item-page';
import { EditItemPage } from '../src/features/items/components/edit-item-page';
import { makeClient, makeItem } from './support/fake-inventory';
import { SPEC_CATALOGUE } from './support/catalogue';

// Issue 14 on Add Item: where the item is kept, and an item received on consignment from a supplier.

const GRACE = makeClient(6, 'Grace Hopper');

let alertSpy: jest.SpyInstance;
beforeEach(() => {
  alertSpy = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
});
afterEach(() => alertSpy.mockRestore());

function server(extra: Record<string, Parameters<FetchMock['on']>[1]> = {}): FetchMock {
  const mock = createFetchMock({
    'GET /auth-check/': { body: authCheckAs('silver') },
    'GET /csrf/': { cookies: { csrftoken: 'tok' } },
    // The item form's brands (issue 22): the shop's catalogue.
    ...SPEC_CATALOGUE,
    'GET /api/clients/': { body: { results: [GRACE], count: 1 } },
    'POST /api/items/': (call) => ({
      status: 201,
      body: makeItem({ id: 78, ...(call.body as Partial<Item>), transactions: [] }),
    }),
    ...extra,
  });
  window.fetch = mock.fetch;
  return mock;
}

const renderAdd = () => renderWithProviders(<AddItemPage />, { route: '/inventory/add' });

async function fillConsignment() {
  await userEvent.type(await screen.findByLabelText('Serial Number'), 'CON-1');
  await userEvent.type(screen.getByLabelText(/^Location/), '  Safe 2 ');
  await userEvent.click(screen.getByRole('checkbox', { name: 'Received on consignment' }));
  await userEvent.type(screen.getByRole('combobox', { name: 'Supplier' }), 'Grace');
  await userEvent.click(await screen.findByRole('option', { name: /Grace Hopper/ }));
  await userEvent.type(screen.getByLabelText(/^Agreed cost/), '4200.50');
  await userEvent.type(screen.getByLabelText('Return by'), '2026-12-31');
  await userEvent.type(screen.getByLabelText('Supplier reference'), 'GH-77');
}

it('sends the location and the consignment terms instead of purchase transactions', async () => {
  const mock = server();
  renderAdd();
  expect(await screen.findByRole('button', { name: 'Add Transaction' })).toBeInTheDocument();
  await fillConsignment();
  // The purchase transactions go while the item is on consignment.
  expect(screen.queryByRole('button', { name: 'Add Transaction' })).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
  await waitFor(() => expect(alertSpy).toHaveBeenCalledWith('Inventory item added successfully!'));
  const body = mock.callsTo('POST', '/api/items/')[0]?.body as Record<string, unknown>;
  expect(body.location).toBe('Safe 2');
  expect(body.consignment).toEqual({
    supplierId: 6,
    agreedCost: '4200.50',
    returnBy: '2026-12-31',
    supplierRef: 'GH-77',
  });
  expect(body).not.toHaveProperty('transactions');
});

it('needs the supplier and the agreed cost, and sends nothing without them', async () => {
  const mock = server();
  renderAdd();
  await userEvent.type(await screen.findByLabelText('Serial Number'), 'CON-2');
  await userEvent.click(screen.getByRole('checkbox', { name: 'Received on consignment' }));
  await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
  expect(await screen.findByText('Choose the supplier.')).toBeInTheDocument();
  expect(screen.getByText('This field is required.')).toBeInTheDocument();
  expect(mock.callsTo('POST', '/api/items/')).toHaveLength(0);
});

it('turning consignment off brings the transactions back and sends no terms', async () => {
  const mock = server();
  renderAdd();
  await fillConsignment();
  await userEvent.click(screen.getByRole('checkbox', { name: 'Received on consignment' }));
  expect(screen.getByRole('button', { name: 'Add Transaction' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
  await waitFor(() => expect(mock.callsTo('POST', '/api/items/')).toHaveLength(1));
  const body = mock.callsTo('POST', '/api/items/')[0]?.body as Record<string, unknown>;
  expect(body).not.toHaveProperty('consignment');
  expect(body.transactions).toEqual([]);
});

it('shows the service’s consignment error in the consignment group', async () => {
  server({
    'POST /api/items/': {
      status: 400,
      body: { consignment: ['supplierId: Invalid pk "6" - object does not exist.'] },
    },
  });
  renderAdd();
  await fillConsignment();
  await userEvent.click(screen.getByRole('button', { name: 'Add Item' }));
  expect(await screen.findByText('supplierId: Invalid pk "6" - object does not exist.')).toBeInTheDocument();
  expect(alertSpy).not.toHaveBeenCalled();
});

describe('the item page of a consignment item', () => {
  const TERMS = {
    supplierId: 6,
    supplierName: 'Grace Hopper',
    agreedCost: 4200.5,
    returnBy: '2026-11-13',
    supplierRef: 'GH-77',
    returnedAt: null,
    overdue: true,
  };
  const stored = (overrides: Partial<Item> = {}) =>
    makeItem({ id: 9, serial: 'CON-9', location: 'Safe 2', consignment: TERMS, ...overrides });
  const renderEdit = () =>
    renderWithProviders(<EditItemPage />, { route: '/inventory/edit/9', path: '/inventory/edit/:id' });

  it('shows the location and the consignment terms, overdue in words', async () => {
    server({ 'GET /api/items/9/': { body: stored() } });
    renderEdit();
    expect(await screen.findByLabelText(/^Location/)).toHaveValue('Safe 2');
    const terms = screen.getByRole('region', { name: 'On consignment' });
    const facts = within(terms)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(facts).toEqual([
      ['Supplier', 'Grace Hopper'],
      ['Agreed cost', '£4,200.50'],
      ['Return by', '13 Nov 2026 · past its return-by date'],
      ['Supplier reference', 'GH-77'],
    ]);
  });

  it('Return to supplier asks first, sends the note, then shows the item returned', async () => {
    const mock = server({
      'GET /api/items/9/': { body: stored() },
      'POST /api/items/9/return-to-supplier/': {
        body: stored({
          status: 'unavailable',
          version: 2,
          consignment: { ...TERMS, overdue: false, returnedAt: '2026-11-23T10:00:00Z' },
        }),
      },
    });
    renderEdit();
    const terms = await screen.findByRole('region', { name: 'On consignment' });
    await userEvent.click(within(terms).getByRole('button', { name: 'Return to supplier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return CON-9 to Grace Hopper?' });
    // Cancel sends nothing.
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Cancel' })[0]!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(mock.callsTo('POST', '/api/items/9/return-to-supplier/')).toHaveLength(0);

    await userEvent.click(within(terms).getByRole('button', { name: 'Return to supplier' }));
    const again = await screen.findByRole('dialog', { name: 'Return CON-9 to Grace Hopper?' });
    await userEvent.type(within(again).getByLabelText('Note (optional)'), 'Collected by courier');
    await userEvent.click(within(again).getByRole('button', { name: 'Return to supplier' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mock.callsTo('POST', '/api/items/9/return-to-supplier/')[0]?.body).toEqual({
      note: 'Collected by courier',
    });
    expect(within(terms).getByText('Returned')).toBeInTheDocument();
    expect(within(terms).queryByRole('button', { name: 'Return to supplier' })).not.toBeInTheDocument();
  });

  it('says why the service refused the return, in the dialog', async () => {
    server({
      'GET /api/items/9/': { body: stored() },
      'POST /api/items/9/return-to-supplier/': {
        status: 409,
        body: { detail: 'Only an available consignment item can be returned to its supplier.' },
      },
    });
    renderEdit();
    const terms = await screen.findByRole('region', { name: 'On consignment' });
    await userEvent.click(within(terms).getByRole('button', { name: 'Return to supplier' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Return to supplier' }));
    expect(
      await within(dialog).findByText('Only an available consignment item can be returned to its supplier.'),
    ).toBeInTheDocument();
  });

  it('puts a refused note beside the Note field, focused, keeping what was typed, and sends once', async () => {
    // The service answers when the test says, so a second click lands while the first is being sent.
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const mock = server({
      'GET /api/items/9/': { body: stored() },
      'POST /api/items/9/return-to-supplier/': async () => {
        await answered;
        return { status: 400, body: { note: ['Remove control characters from this field.'] } };
      },
    });
    renderEdit();
    const terms = await screen.findByRole('region', { name: 'On consignment' });
    await userEvent.click(within(terms).getByRole('button', { name: 'Return to supplier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return CON-9 to Grace Hopper?' });
    const note = within(dialog).getByLabelText('Note (optional)');
    await userEvent.type(note, 'Back to Grace');
    // Two clicks while the first is on its way: one send.
    await userEvent.dblClick(within(dialog).getByRole('button', { name: 'Return to supplier' }));
    expect(mock.callsTo('POST', '/api/items/9/return-to-supplier/')).toHaveLength(1);
    answer();
    await waitFor(() =>
      expect(note).toHaveAccessibleDescription(/Remove control characters from this field\./),
    );
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(note).toHaveFocus();
    expect(note).toHaveValue('Back to Grace');
    expect(mock.callsTo('POST', '/api/items/9/return-to-supplier/')).toHaveLength(1);
    // Typing again clears the message; the dialog stays until the return is done or cancelled.
    await userEvent.type(note, '.');
    expect(note).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Return CON-9 to Grace Hopper?' })).toBeInTheDocument();
  });

  it('an owned item has no consignment block', async () => {
    server({ 'GET /api/items/9/': { body: stored({ consignment: null }) } });
    renderEdit();
    await screen.findByLabelText('Serial Number');
    expect(screen.queryByRole('region', { name: 'On consignment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Return to supplier' })).not.toBeInTheDocument();
  });
});
