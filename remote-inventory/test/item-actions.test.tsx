import { renderWithProviders } from '@loupe/platform/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearToasts, Toaster, today, UNDO_MS } from '@loupe/platform';
import { ItemListPage } from '../src/features/items/components/item-list-page';
import { LIST_SCREENS, type ListScreenKey } from '../src/features/items/components/list-screens';
import { fakeInventory, listQueries, makeClient, makeItem } from './support/fake-inventory';
import { rowAction } from './support/row-actions';

const ANN = makeClient(4, 'Ann Smith');
const BOB = makeClient(5, 'Bob Jones', { status: 'inactive' });
const CLIENTS = [ANN, BOB];

const PATHS: Partial<Record<ListScreenKey, string>> = {
  all: '/inventory/all',
  available: '/inventory/available',
  checkedOut: '/inventory/checked-out',
};

function renderList(key: 'all' | 'available' | 'checkedOut', search = '') {
  const path = PATHS[key] ?? '/';
  return renderWithProviders(<ItemListPage screen={LIST_SCREENS[key]} />, {
    route: `${path}${search}`,
    path,
    extraRoutes: null,
  });
}

const location = () => screen.getByTestId('location').textContent ?? '';
const rowOf = (serial: string) => {
  const header = screen.getByRole('rowheader', { name: new RegExp(`^${serial}\\b`) });
  return header.closest('tr') as HTMLTableRowElement;
};
const button = (serial: string, name: string, u?: Parameters<typeof rowAction>[3]) =>
  rowAction(rowOf(serial), serial, name, u);
const dialog = (name: string) => screen.getByRole('dialog', { name });
const status = (serial: string) => within(rowOf(serial)).getAllByRole('cell')[3]?.textContent;

async function pickClient(scope: HTMLElement, label: string, typed: string, option: RegExp) {
  const box = within(scope).getByRole('combobox', { name: label });
  await userEvent.type(box, typed);
  await userEvent.click(await within(scope).findByRole('option', { name: option }));
}

describe('row buttons follow the item’s status', () => {
  it.each([
    ['available', { Sell: true, Checkout: true, Promote: true, Edit: true }],
    ['checked_out', { Sell: true, Checkout: false, Promote: true, Edit: true }],
    ['unavailable', { Sell: false, Checkout: false, Promote: false, Edit: true }],
    // Issue 20: held on a layaway deal; its own deal completes or cancels it.
    ['reserved', { Sell: false, Checkout: false, Promote: false, Edit: true }],
    ['sold', { Sell: false, Checkout: false, Promote: false, Edit: true }],
  ] as const)('%s', async (itemStatus, enabled) => {
    fakeInventory([makeItem({ serial: 'X-1', status: itemStatus })]);
    renderList('all');
    await screen.findByRole('table');
    for (const [name, on] of Object.entries(enabled)) {
      if (on) expect(await button('X-1', name)).toBeEnabled();
      else expect(await button('X-1', name)).toBeDisabled();
    }
  });

  it('keeps Promote enabled on an unavailable item that is promoted, so the promotion can end', async () => {
    fakeInventory([
      makeItem({
        serial: 'X-1',
        status: 'unavailable',
        promotion: { price: null, note: '', promotedAt: '' },
      }),
    ]);
    renderList('all');
    await screen.findByRole('table');
    expect(await button('X-1', 'Promote')).toBeEnabled();
    expect(within(rowOf('X-1')).getByText('Promoted')).toBeInTheDocument();
  });

  it('Edit opens /inventory/edit/{id}', async () => {
    const item = makeItem({ serial: 'E-1' });
    fakeInventory([item]);
    renderList('all');
    await screen.findByRole('table');
    await userEvent.click(await button('E-1', 'Edit'));
    expect(location()).toBe(`/inventory/edit/${item.id}`);
  });
});

describe('Sell', () => {
  it('records a sale in pounds with Cash and today by default; the item becomes sold and cannot be sold again', async () => {
    const item = makeItem({ serial: 'S-1', listingPrice: 15000, retailPrice: 15000 });
    const { mock } = fakeInventory([item], CLIENTS);
    renderList('all');
    await screen.findByRole('table');
    await userEvent.click(await button('S-1', 'Sell'));
    const sell = dialog('Sell S-1');
    expect(within(sell).getByLabelText('Currency')).toHaveValue('GBP');
    expect(within(sell).getByLabelText('Payment Method')).toHaveValue('Cash');
    expect(within(sell).getByLabelText('Date')).toHaveValue(today());
    expect(within(sell).queryByLabelText('Exchange Rate')).not.toBeInTheDocument();
    expect(within(sell).getByText('Listing price £15,000.00')).toBeInTheDocument();
    expect(
      within(within(sell).getByLabelText('Payment Method'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Cash', 'Bank Transfer', 'Credit Card', 'Debit Card', 'PayPal', 'Bitcoin', 'Other']);

    // Filled in with the listing price (issue 21); a price typed away is asked for.
    expect(within(sell).getByLabelText('Sale Price (GBP)')).toHaveValue('15000.00');
    await userEvent.clear(within(sell).getByLabelText('Sale Price (GBP)'));
    await userEvent.click(within(sell).getByRole('button', { name: 'Confirm Sale' }));
    expect(within(sell).getByText('This field is required.')).toHaveAttribute('role', 'alert');
    expect(mock.callsTo('POST', `/api/items/${item.id}/sell/`)).toHaveLength(0);

    await userEvent.type(within(sell).getByLabelText('Sale Price (GBP)'), '14500');
    await userEvent.selectOptions(within(sell).getByLabelText('Payment Method'), 'Bank Transfer');
    await userEvent.type(within(sell).getByLabelText('Notes'), 'Collected in person');
    await userEvent.click(within(sell).getByRole('button', { name: 'Confirm Sale' }));

    // The sale's invoice is offered before the dialog closes (issue 13).
    expect(await within(sell).findByText(/Invoice INV-\d{6} issued/)).toBeInTheDocument();
    await userEvent.click(within(sell).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mock.callsTo('POST', `/api/items/${item.id}/sell/`)[0]?.body).toEqual({
      price: '14500',
      currency: 'GBP',
      exchangeRate: '1',
      paymentMethod: 'Bank Transfer',
      clientId: null,
      date: today(),
      notes: 'Collected in person',
      channel: 'shop',
    });
    expect(screen.getByText('S-1 is sold.')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(status('S-1')).toBe('Sold'));
    expect(await button('S-1', 'Sell')).toBeDisabled();
  });

  it('opens the Deal screen with the item on it for a sale of several items (issue 20)', async () => {
    const item = makeItem({ serial: 'S-D' });
    const { mock } = fakeInventory([item], CLIENTS);
    renderList('all');
    await screen.findByRole('table');
    await userEvent.click(await button('S-D', 'Sell'));
    await userEvent.click(within(dialog('Sell S-D')).getByRole('button', { name: 'Sell with other items…' }));
    expect(location()).toBe(`/deals/new?item=${item.id}`);
    expect(mock.callsTo('POST', `/api/items/${item.id}/sell/`)).toHaveLength(0);
  });

  it('asks for an exchange rate in another currency and shows the pounds it makes, exactly', async () => {
    const item = makeItem({ serial: 'S-2' });
    const { mock } = fakeInventory([item], CLIENTS);
    renderList('all');
    await screen.findByRole('table');
    await userEvent.click(await button('S-2', 'Sell'));
    const sell = dialog('Sell S-2');
    await userEvent.selectOptions(within(sell).getByLabelText('Currency'), 'USD');
    await userEvent.type(within(sell).getByLabelText('Sale Price (USD)'), '10.01');
    await userEvent.click(within(sell).getByRole('button', { name: 'Confirm Sale' }));
    expect(
      within(within(sell).getByLabelText('Exchange Rate').closest('div')!).getByRole('alert'),
    ).toHaveTextContent('This field is required.');
    await userEvent.type(within(sell).getByLabelText('Exchange Rate'), '1.5');
    expect(within(sell).getByText('£ per 1 USD: the sale is £15.02.')).toBeInTheDocument();
    await pickClient(sell, 'Client (optional)', 'ann', /Ann Smith/);
    await userEvent.click(within(sell).getByRole('button', { name: 'Confirm Sale' }));
    await waitFor(() => expect(mock.callsTo('POST', `/api/items/${item.id}/sell/`)).toHaveLength(1));
    expect(mock.callsTo('POST', `/api/items/${item.id}/sell/`)[0]?.body).toMatchObject({
      price: '10.01',
      currency: 'USD',
      exchangeRate: '1.5',
      clientId: 4,
    });
  });

  it('offers the client an item is checked out to', async () => {
    const item = makeItem({
      serial: 'S-3',
      status: 'checked_out',
      checkout: {
        id: 1,
        agreedPrice: null,
        clientId: 4,
        clientName: 'Ann Smith',
        dueDate: null,
        note: '',
        checkedOutAt: '',
      },
    });
    const { mock } = fakeInventory([item], CLIENTS);
    renderList('all');
    await screen.findByRole('table');
    await userEvent.click(await button('S-3', 'Sell'));
    const sell = dialog('Sell S-3');
    expect(within(sell).getByRole('combobox', { name: 'Client (optional)' })).toHaveValue('Ann Smith');
    // Filled in with the asking price (issue 21): typed over.
    await userEvent.clear(within(sell).getByLabelText('Sale Price (GBP)'));
    await userEvent.type(within(sell).getByLabelText('Sale Price (GBP)'), '900');
    await userEvent.click(within(sell).getByRole('button', { name: 'Confirm Sale' }));
    await waitFor(() => expect(mock.callsTo('POST', `/api/items/${item.id}/sell/`)).toHaveLength(1));
    expect(mock.callsTo('POST', `/api/items/${item.id}/sell/`)[0]?.body).toMatchObject({ clientId: 4 });
  });

  it('shows a 409 from the server as an alert and keeps the dialog and the input', async () => {
    const item = makeItem({ serial: 'S-4' });
    const { mock } = fakeInventory([item], CLIENTS);
    mock.on(`POST /api/items/${item.id}/sell/`, {
      status: 409,
      body: { detail: 'This item is already sold.' },
    });
    renderList('all');
    await screen.findByRole('table');
    await userEvent.click(await button('S-4', 'Sell'));
    const sell = dialog('Sell S-4');
    // Filled in with the asking price (issue 21): typed over.
    await userEvent.clear(within(sell).getByLabelText('Sale Price (GBP)'));
    await userEvent.type(within(sell).getByLabelText('Sale Price (GBP)'), '100');
    await userEvent.click(within(sell).getByRole('button', { name: 'Confirm Sale' }));
    expect(await within(sell).findByRole('alert')).toHaveTextContent('This item is already sold.');
    expect(within(sell).getByLabelText('Sale Price (GBP)')).toHaveValue('100');
  });

  it('puts the server’s field errors next to their fields', async () => {
    const item = makeItem({ serial: 'S-5' });
    const { mock } = fakeInventory([item], CLIENTS);
    mock.on(`POST /api/items/${item.id}/sell/`, {
      status: 400,
      body: { date: ['Ensure this date is not in the future.'] },
    });
    renderList('all');
    await screen.findByRole('table');
    await userEvent.click(await button('S-5', 'Sell'));
    const sell = dialog('Sell S-5');
    // Filled in with the asking price (issue 21): typed over.
    await userEvent.clear(within(sell).getByLabelText('Sale Price (GBP)'));
    await userEvent.type(within(sell).getByLabelText('Sale Price (GBP)'), '100');
    await userEvent.click(within(sell).getByRole('button', { name: 'Confirm Sale' }));
    expect(await within(sell).findByText('Ensure this date is not in the future.')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(within(sell).getByLabelText('Date')).toHaveAttribute('aria-invalid', 'true');
  });

  it('Close leaves the item as it was', async () => {
    const item = makeItem({ serial: 'S-6' });
    const { mock } = fakeInventory([item], CLIENTS);
    renderList('all');
    await screen.findByRole('table');
    await userEvent.click(await button('S-6', 'Sell'));
    await userEvent.click(within(dialog('Sell S-6')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(mock.callsTo('POST', `/api/items/${item.id}/sell/`)).toHaveLength(0);
  });
});

describe('Checkout', () => {
  it('needs a client, found by searching the clients API; due date and note are optional', async () => {
    const item = makeItem({ serial: 'C-1', listingPrice: 12500, retailPrice: 12500 });
    const { mock } = fakeInventory([item], CLIENTS);
    renderList('all');
    await screen.findByRole('table');
    await userEvent.click(await button('C-1', 'Checkout'));
    const checkout = dialog('Check out C-1');
    await userEvent.click(within(checkout).getByRole('button', { name: 'Check Out' }));
    expect(within(checkout).getByText('Choose a client.')).toHaveAttribute('role', 'alert');

    const box = within(checkout).getByRole('combobox', { name: 'Client' });
    await userEvent.type(box, 'bo');
    const option = await within(checkout).findByRole('option', { name: /Bob Jones/ });
    expect(option).toHaveTextContent('Not Active');
    expect(mock.callsTo('GET', '/api/clients/').at(-1)?.url).toContain('search=bo');
    // Keyboard: arrow to the option, Enter picks it without submitting the dialog.
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(box).toHaveValue('Bob Jones');
    expect(mock.callsTo('POST', `/api/items/${item.id}/check-out/`)).toHaveLength(0);

    await userEvent.clear(box);
    await userEvent.type(box, 'ann');
    await userEvent.click(await within(checkout).findByRole('option', { name: /Ann Smith/ }));
    expect(within(checkout).getByText('Chosen: Ann Smith')).toBeInTheDocument();
    await userEvent.type(within(checkout).getByLabelText('Due Date (optional)'), '2099-01-31');
    await userEvent.type(within(checkout).getByLabelText('Note'), 'On approval for the weekend');
    await userEvent.click(within(checkout).getByRole('button', { name: 'Check Out' }));

    await userEvent.click(await within(checkout).findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mock.callsTo('POST', `/api/items/${item.id}/check-out/`)[0]?.body).toEqual({
      clientId: 4,
      dueDate: '2099-01-31',
      note: 'On approval for the weekend',
      agreedPrice: '12500.00',
    });
    expect(screen.getByText('C-1 is checked out to Ann Smith.')).toBeInTheDocument();
    await waitFor(() => expect(status('C-1')).toBe('Checked Out'));
    expect(await button('C-1', 'Checkout')).toBeDisabled();
  });

  it('says when no client matches, or when the search fails', async () => {
    const { mock } = fakeInventory([makeItem({ serial: 'C-2' })], CLIENTS);
    renderList('all');
    await screen.findByRole('table');
    await userEvent.click(await button('C-2', 'Checkout'));
    const checkout = dialog('Check out C-2');
    await userEvent.type(within(checkout).getByRole('combobox', { name: 'Client' }), 'zzz');
    expect(await within(checkout).findByText('No clients match.')).toBeInTheDocument();
    mock.on('GET /api/clients/', { status: 500 });
    await userEvent.type(within(checkout).getByRole('combobox', { name: 'Client' }), 'q');
    expect(await within(checkout).findByText('Failed to load clients.')).toHaveAttribute('role', 'alert');
  });

  it('refuses a due date in the past', async () => {
    const item = makeItem({ serial: 'C-3' });
    const { mock } = fakeInventory([item], CLIENTS);
    renderList('all');
    await screen.findByRole('table');
    await userEvent.click(await button('C-3', 'Checkout'));
    const checkout = dialog('Check out C-3');
    await pickClient(checkout, 'Client', 'ann', /Ann Smith/);
    await userEvent.type(within(checkout).getByLabelText('Due Date (optional)'), '2001-01-01');
    await userEvent.click(within(checkout).getByRole('button', { name: 'Check Out' }));
    expect(within(checkout).getByText('Ensure this date is not in the past.')).toBeInTheDocument();
    expect(mock.callsTo('POST', `/api/items/${item.id}/check-out/`)).toHaveLength(0);
  });

  it('shows a 409 as an alert', async () => {
    const item = makeItem({ serial: 'C-4' });
    const { mock } = fakeInventory([item], CLIENTS);
    mock.on(`POST /api/items/${item.id}/check-out/`, {
      status: 409,
      body: { detail: 'Only an available item can be checked out.' },
    });
    renderList('all');
    await screen.findByRole('table');
    await userEvent.click(await button('C-4', 'Checkout'));
    const checkout = dialog('Check out C-4');
    await pickClient(checkout, 'Client', 'ann', /Ann Smith/);
    await userEvent.click(within(checkout).getByRole('button', { name: 'Check Out' }));
    expect(await within(checkout).findByRole('alert')).toHaveTextContent(
      'Only an available item can be checked out.',
    );
  });
});

describe('Promote', () => {
  it('features an item at a promotional price, then ends the promotion', async () => {
    const item = makeItem({ serial: 'P-1', listingPrice: 12000, retailPrice: 12000 });
    const { mock } = fakeInventory([item], CLIENTS);
    renderList('all');
    await screen.findByRole('table');
    await userEvent.click(await button('P-1', 'Promote'));
    let promote = dialog('Promote P-1');
    expect(
      within(promote).getByText(/Leave empty to feature it at its listing price, £12,000.00./),
    ).toBeInTheDocument();
    await userEvent.type(within(promote).getByLabelText('Promotional Price (£, optional)'), 'abc');
    await userEvent.click(within(promote).getByRole('button', { name: 'Promote' }));
    expect(within(promote).getByText('A valid number is required.')).toBeInTheDocument();
    await userEvent.clear(within(promote).getByLabelText('Promotional Price (£, optional)'));
    await userEvent.type(within(promote).getByLabelText('Promotional Price (£, optional)'), '10999');
    await userEvent.type(within(promote).getByLabelText('Promotion Note'), 'Window display');
    await userEvent.click(within(promote).getByRole('button', { name: 'Promote' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mock.callsTo('POST', `/api/items/${item.id}/promote/`)[0]?.body).toEqual({
      promoted: true,
      price: '10999',
      note: 'Window display',
    });
    expect(screen.getByText('P-1 is promoted at £10,999.00.')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('P-1')).getByText('Promoted £10,999.00')).toBeInTheDocument());

    await userEvent.click(await button('P-1', 'Promote'));
    promote = dialog('Promote P-1');
    expect(within(promote).getByText(/at £10,999.00\./)).toBeInTheDocument();
    expect(within(promote).getByLabelText('Promotional Price (£, optional)')).toHaveValue('10999.00');
    await userEvent.click(within(promote).getByRole('button', { name: 'End Promotion' }));
    // It cannot be undone: asked first, the safe answer focused, nothing sent yet.
    const question = within(promote).getByRole('group', { name: /^End the promotion of P-1\?/ });
    expect(within(question).getByRole('button', { name: 'Keep Promotion' })).toHaveFocus();
    expect(mock.callsTo('POST', `/api/items/${item.id}/promote/`)).toHaveLength(1);
    await userEvent.click(within(question).getByRole('button', { name: 'Yes, End Promotion' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mock.callsTo('POST', `/api/items/${item.id}/promote/`)[1]?.body).toEqual({ promoted: false });
    expect(screen.getByText('P-1 is no longer promoted.')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('P-1')).queryByText(/Promoted/)).not.toBeInTheDocument());
  });

  it('Keep Promotion answers the question and sends nothing', async () => {
    const item = makeItem({
      serial: 'P-9',
      promotion: { price: 900, note: 'Window', promotedAt: '2026-01-02' },
    });
    const { mock } = fakeInventory([item], CLIENTS);
    renderList('all');
    await screen.findByRole('table');
    await userEvent.click(await button('P-9', 'Promote'));
    const promote = dialog('Promote P-9');
    await userEvent.click(within(promote).getByRole('button', { name: 'End Promotion' }));
    await userEvent.click(within(promote).getByRole('button', { name: 'Keep Promotion' }));
    expect(within(promote).queryByRole('group', { name: /^End the promotion/ })).not.toBeInTheDocument();
    expect(within(promote).getByRole('button', { name: 'End Promotion' })).toBeEnabled();
    expect(mock.callsTo('POST', `/api/items/${item.id}/promote/`)).toHaveLength(0);
  });

  it('features an item at its listing price when no price is given', async () => {
    const item = makeItem({ serial: 'P-2' });
    const { mock } = fakeInventory([item], CLIENTS);
    renderList('all');
    await screen.findByRole('table');
    await userEvent.click(await button('P-2', 'Promote'));
    await userEvent.click(within(dialog('Promote P-2')).getByRole('button', { name: 'Promote' }));
    await waitFor(() => expect(mock.callsTo('POST', `/api/items/${item.id}/promote/`)).toHaveLength(1));
    expect(mock.callsTo('POST', `/api/items/${item.id}/promote/`)[0]?.body).toEqual({
      promoted: true,
      price: null,
      note: '',
    });
    expect(await screen.findByText('P-2 is promoted.')).toBeInTheDocument();
  });

  it('puts the service’s refusal of the price beside it, focused, and keeps what was typed', async () => {
    const item = makeItem({ serial: 'P-4', listingPrice: 12000 });
    const { mock } = fakeInventory([item], CLIENTS);
    mock.on(`POST /api/items/${item.id}/promote/`, {
      status: 400,
      body: { price: ['The promotional price must be below the listing price.'] },
    });
    renderList('all');
    await screen.findByRole('table');
    await userEvent.click(await button('P-4', 'Promote'));
    const promote = dialog('Promote P-4');
    const price = within(promote).getByLabelText('Promotional Price (£, optional)');
    await userEvent.type(price, '13000');
    await userEvent.type(within(promote).getByLabelText('Promotion Note'), 'Window');
    await userEvent.click(within(promote).getByRole('button', { name: 'Promote' }));
    await waitFor(() =>
      expect(price).toHaveAccessibleDescription(/The promotional price must be below the listing price\./),
    );
    expect(price).toHaveFocus();
    expect(price).toHaveValue('13000');
    expect(within(promote).getByLabelText('Promotion Note')).toHaveValue('Window');
    expect(mock.callsTo('POST', `/api/items/${item.id}/promote/`)).toHaveLength(1);
  });

  it('ends a promotion whatever the price field holds: ending sends nothing typed', async () => {
    const item = makeItem({
      serial: 'P-5',
      promotion: { price: 900, note: 'Window', promotedAt: '2026-01-02' },
    });
    const { mock } = fakeInventory([item], CLIENTS);
    renderList('all');
    await screen.findByRole('table');
    await userEvent.click(await button('P-5', 'Promote'));
    const promote = dialog('Promote P-5');
    const price = within(promote).getByLabelText('Promotional Price (£, optional)');
    await userEvent.clear(price);
    await userEvent.type(price, 'abc');
    await userEvent.click(within(promote).getByRole('button', { name: 'End Promotion' }));
    await userEvent.click(within(promote).getByRole('button', { name: 'Yes, End Promotion' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mock.callsTo('POST', `/api/items/${item.id}/promote/`)[0]?.body).toEqual({ promoted: false });
    expect(screen.getByText('P-5 is no longer promoted.')).toBeInTheDocument();
  });

  it('shows a 409 as an alert', async () => {
    const item = makeItem({ serial: 'P-3' });
    const { mock } = fakeInventory([item], CLIENTS);
    mock.on(`POST /api/items/${item.id}/promote/`, {
      status: 409,
      body: { detail: 'A sold item cannot be promoted.' },
    });
    renderList('all');
    await screen.findByRole('table');
    await userEvent.click(await button('P-3', 'Promote'));
    await userEvent.click(within(dialog('Promote P-3')).getByRole('button', { name: 'Promote' }));
    expect(await within(dialog('Promote P-3')).findByRole('alert')).toHaveTextContent(
      'A sold item cannot be promoted.',
    );
  });
});

describe('Return (checked-out list): undoable', () => {
  const out = (serial: string, clientId = 4, clientName = 'Ann Smith') =>
    makeItem({
      serial,
      status: 'checked_out',
      checkout: { id: 1, agreedPrice: null, clientId, clientName, dueDate: null, note: '', checkedOutAt: '' },
    });
  // The shell renders the one toaster; here the test does.
  const renderWithToaster = (search = '') =>
    renderWithProviders(
      <>
        <ItemListPage screen={LIST_SCREENS.checkedOut} />
        <Toaster />
      </>,
      { route: `/inventory/checked-out${search}`, path: '/inventory/checked-out', extraRoutes: null },
    );
  const user = () => userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  const runOut = () =>
    act(() => {
      jest.advanceTimersByTime(UNDO_MS + 100);
    });

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    act(() => {
      clearToasts();
      jest.runOnlyPendingTimers();
    });
    jest.useRealTimers();
  });

  it('shows the item available at once and sends the return when the toast’s time runs out', async () => {
    const item = out('R-1');
    const { mock, store } = fakeInventory([item, out('R-2')], CLIENTS);
    renderWithToaster();
    await screen.findByRole('table');
    {
      const u = user();
      await u.click(await button('R-1', 'Return', u));
    }
    expect(await screen.findByText('R-1 has been returned and is available again.')).toBeInTheDocument();
    expect(status('R-1')).toBe('Available');
    expect(await button('R-1', 'Return', user())).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeEnabled();
    expect(mock.callsTo('POST', `/api/items/${item.id}/return/`)).toHaveLength(0);

    runOut();
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: /^R-1/ })).not.toBeInTheDocument());
    expect(mock.callsTo('POST', `/api/items/${item.id}/return/`)).toHaveLength(1);
    expect(store.get(item.id)?.status).toBe('available');
    expect(status('R-2')).toBe('Checked Out');
  });

  it('Undo puts it back as checked out and nothing is sent', async () => {
    const item = out('R-1');
    const { mock, store } = fakeInventory([item], CLIENTS);
    renderWithToaster();
    await screen.findByRole('table');
    const u = user();
    await u.click(await button('R-1', 'Return', u));
    await u.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(status('R-1')).toBe('Checked Out');
    expect(await button('R-1', 'Return', u)).toBeEnabled();
    expect(within(rowOf('R-1')).getByText('Ann Smith')).toBeInTheDocument();

    runOut();
    expect(mock.callsTo('POST', `/api/items/${item.id}/return/`)).toHaveLength(0);
    expect(store.get(item.id)?.status).toBe('checked_out');
  });

  it('leaving the list before the toast closes sends the return, never drops it', async () => {
    const item = out('R-1');
    const { mock } = fakeInventory([item], CLIENTS);
    const view = renderWithToaster();
    await screen.findByRole('table');
    {
      const u = user();
      await u.click(await button('R-1', 'Return', u));
    }
    expect(mock.callsTo('POST', `/api/items/${item.id}/return/`)).toHaveLength(0);
    view.unmount();
    await waitFor(() => expect(mock.callsTo('POST', `/api/items/${item.id}/return/`)).toHaveLength(1));
  });

  it('a return the service refuses (409) shows the item as it is and says why', async () => {
    const item = out('R-3');
    const { mock } = fakeInventory([item], CLIENTS);
    mock.on(`POST /api/items/${item.id}/return/`, {
      status: 409,
      body: { detail: 'Only a checked-out item can be returned.' },
    });
    renderWithToaster();
    await screen.findByRole('table');
    {
      const u = user();
      await u.click(await button('R-3', 'Return', u));
    }
    runOut();
    expect(await screen.findByRole('alert')).toHaveTextContent('Only a checked-out item can be returned.');
    expect(status('R-3')).toBe('Checked Out');
  });
});

describe('flows started on the clients list', () => {
  it('?checkout_client=<id> asks for an item, then checks it out to that client', async () => {
    const item = makeItem({ serial: 'F-1' });
    const { mock } = fakeInventory([item, makeItem({ serial: 'F-2' })], CLIENTS);
    renderList('available', '?checkout_client=4');
    expect(await screen.findByText('Choose an item to check out to Ann Smith')).toBeInTheDocument();
    await screen.findByRole('table');
    await userEvent.click(await button('F-1', 'Checkout'));
    const checkout = dialog('Check out F-1');
    expect(within(checkout).getByRole('combobox', { name: 'Client' })).toHaveValue('Ann Smith');
    await userEvent.click(within(checkout).getByRole('button', { name: 'Check Out' }));
    await waitFor(() => expect(mock.callsTo('POST', `/api/items/${item.id}/check-out/`)).toHaveLength(1));
    expect(mock.callsTo('POST', `/api/items/${item.id}/check-out/`)[0]?.body).toMatchObject({ clientId: 4 });
    await userEvent.click(await within(checkout).findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(location()).toBe('/inventory/available'));
    expect(screen.getByText('F-1 is checked out to Ann Smith.')).toBeInTheDocument();
    expect(screen.queryByText(/Choose an item to check out to/)).not.toBeInTheDocument();
    // The available list no longer shows it.
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: /^F-1/ })).not.toBeInTheDocument());
  });

  it('?checkout_client=<unknown id> says the client could not be loaded', async () => {
    fakeInventory([makeItem()], CLIENTS);
    renderList('available', '?checkout_client=999');
    expect(await screen.findByText(/The client to check out to could not be loaded/)).toHaveAttribute(
      'role',
      'alert',
    );
  });

  it('?checkout_client=<not an id> says the same, without asking the service', async () => {
    const { mock } = fakeInventory([makeItem()], CLIENTS);
    renderList('available', '?checkout_client=ann');
    expect(await screen.findByText(/The client to check out to could not be loaded/)).toHaveAttribute(
      'role',
      'alert',
    );
    expect(mock.calls.filter((call) => call.path.startsWith('/api/clients/'))).toHaveLength(0);
  });

  it('?client=<id> shows only that client’s checked-out items, each with Return', async () => {
    const { mock } = fakeInventory(
      [
        makeItem({
          serial: 'A-1',
          status: 'checked_out',
          checkout: {
            id: 1,
            agreedPrice: null,
            clientId: 4,
            clientName: 'Ann Smith',
            dueDate: null,
            note: '',
            checkedOutAt: '',
          },
        }),
        makeItem({
          serial: 'B-1',
          status: 'checked_out',
          checkout: {
            id: 1,
            agreedPrice: null,
            clientId: 5,
            clientName: 'Bob Jones',
            dueDate: null,
            note: '',
            checkedOutAt: '',
          },
        }),
      ],
      CLIENTS,
    );
    renderList('checkedOut', '?client=4');
    expect(await screen.findByText('Items checked out to Ann Smith')).toBeInTheDocument();
    await screen.findByRole('rowheader', { name: /^A-1/ });
    expect(screen.queryByRole('rowheader', { name: /^B-1/ })).not.toBeInTheDocument();
    expect(listQueries(mock).at(-1)).toMatchObject({ status: 'checked_out', client: '4' });
    expect(await button('A-1', 'Return')).toBeEnabled();

    await userEvent.click(screen.getByRole('button', { name: 'Show All Checked-Out Items' }));
    await screen.findByRole('rowheader', { name: /^B-1/ });
    expect(location()).toBe('/inventory/checked-out');
  });
});
