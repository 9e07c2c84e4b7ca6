import { API_BASE, amlRefusalDetail, type Item } from '@loupe/contracts';
import { queryKeys } from '@loupe/platform';
import { renderWithProviders } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditItemPage } from '../src/features/items/components/edit-item-page';
import { ItemListPage } from '../src/features/items/components/item-list-page';
import { LIST_SCREENS } from '../src/features/items/components/list-screens';
import { fakeInventory, makeClient, makeItem } from './support/fake-inventory';
import { rowAction } from './support/row-actions';

// Issue 13 on the inventory screens: the VAT scheme set at purchase, the walk-in buyer and the invoice of a
// sale, the AML cash guard's refusal, the agreed price and approval note of a check-out.

const ANN = makeClient(4, 'Ann Smith');
const CLIENTS = [ANN];

const renderList = () =>
  renderWithProviders(<ItemListPage screen={LIST_SCREENS.all} />, {
    route: '/inventory/all',
    path: '/inventory/all',
    extraRoutes: null,
  });

const renderItemPage = (id: number) =>
  renderWithProviders(<EditItemPage />, { route: `/inventory/edit/${id}`, path: '/inventory/edit/:id' });

const rowOf = (serial: string) =>
  screen.getByRole('rowheader', { name: new RegExp(`^${serial}\\b`) }).closest('tr') as HTMLTableRowElement;
const rowButton = (serial: string, name: string) => rowAction(rowOf(serial), serial, name);
const dialog = (name: string) => screen.getByRole('dialog', { name });

/** The item as the service answers a sale: sold, with its invoice. */
const soldAs = (item: Item, sale: Partial<NonNullable<Item['sale']>> = {}): Item => ({
  ...item,
  status: 'sold',
  sale: {
    id: 90,
    date: '2026-03-04',
    price: 14500,
    currency: 'GBP',
    exchangeRate: 1,
    amountGbp: 14500,
    paymentMethod: 'Cash',
    clientId: null,
    clientName: null,
    buyerName: 'Walter Inn',
    soldBy: 'gold',
    invoice: { id: 41, reference: 'INV-000041' },
    ...sale,
  },
});

describe('Sell: the buyer and the invoice', () => {
  it('sends a walk-in buyer’s name, then offers the invoice to download and the receipt to print', async () => {
    const item = makeItem({ serial: 'INV-S1' });
    const { mock } = fakeInventory([item], CLIENTS);
    mock.on(`POST /api/items/${item.id}/sell/`, { body: soldAs(item) });
    const { queryClient } = renderList();
    // remote-finance's invoices list, as the shared cache holds it while that screen is not shown.
    const invoiceList = queryKeys.invoices.list({ page: 1, page_size: 25 });
    queryClient.setQueryData(invoiceList, { results: [], count: 0 });
    await screen.findByRole('table');
    await userEvent.click(await rowButton('INV-S1', 'Sell'));
    const sell = dialog('Sell INV-S1');
    // Filled in with the asking price (issue 21): typed over.
    await userEvent.clear(within(sell).getByLabelText('Sale Price (GBP)'));
    await userEvent.type(within(sell).getByLabelText('Sale Price (GBP)'), '14500');
    await userEvent.type(within(sell).getByLabelText('Buyer name (walk-in)'), '  Walter Inn ');
    await userEvent.click(within(sell).getByRole('button', { name: 'Confirm Sale' }));

    expect(await within(sell).findByRole('status')).toHaveTextContent(
      'INV-S1 is sold. Invoice INV-000041 issued.',
    );
    expect(mock.callsTo('POST', `/api/items/${item.id}/sell/`)[0]?.body).toMatchObject({
      clientId: null,
      buyerName: 'Walter Inn',
    });
    // The new invoice is in the invoices list (remote-finance) the next time it is shown: the Sell declares the
    // invoices among the resources it changes, and the platform marked that list stale.
    expect(queryClient.getQueryState(invoiceList)?.isInvalidated).toBe(true);
    expect(within(sell).getByRole('link', { name: 'Download invoice INV-000041' })).toHaveAttribute(
      'href',
      `${API_BASE}/api/invoices/41/pdf/`,
    );
    expect(within(sell).getByRole('link', { name: 'Print receipt for INV-000041' })).toHaveAttribute(
      'href',
      `${API_BASE}/api/invoices/41/pdf/?variant=receipt`,
    );
    // Focus stays in the dialog, on Done, which closes it and reports the sale to the list.
    expect(within(sell).getByRole('button', { name: 'Done' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('INV-S1 is sold.')).toBeInTheDocument();
  });

  it('asks for no walk-in name once a client is chosen, and sends none', async () => {
    const item = makeItem({ serial: 'INV-S2' });
    const { mock } = fakeInventory([item], CLIENTS);
    renderList();
    await screen.findByRole('table');
    await userEvent.click(await rowButton('INV-S2', 'Sell'));
    const sell = dialog('Sell INV-S2');
    // Filled in with the asking price (issue 21): typed over.
    await userEvent.clear(within(sell).getByLabelText('Sale Price (GBP)'));
    await userEvent.type(within(sell).getByLabelText('Sale Price (GBP)'), '900');
    await userEvent.type(within(sell).getByLabelText('Buyer name (walk-in)'), 'Someone');
    await userEvent.type(within(sell).getByRole('combobox', { name: 'Client (optional)' }), 'ann');
    await userEvent.click(await within(sell).findByRole('option', { name: /Ann Smith/ }));
    expect(within(sell).queryByLabelText('Buyer name (walk-in)')).not.toBeInTheDocument();
    await userEvent.click(within(sell).getByRole('button', { name: 'Confirm Sale' }));
    await within(sell).findByText(/Invoice INV-\d{6} issued/);
    const body = mock.callsTo('POST', `/api/items/${item.id}/sell/`)[0]?.body as Record<string, unknown>;
    expect(body.clientId).toBe(4);
    expect(body).not.toHaveProperty('buyerName');
  });

  it('shows the AML refusal of a cash sale with the server’s detail and keeps what was typed', async () => {
    const item = makeItem({ serial: 'AML-1' });
    const { mock, store } = fakeInventory([item], CLIENTS);
    const detail = amlRefusalDetail(['identity_document', 'verification']);
    mock.on(`POST /api/items/${item.id}/sell/`, {
      status: 409,
      body: {
        detail,
        rule: 'aml_cash_threshold',
        missing: ['identity_document', 'verification'],
        amountEur: 10588.24,
        linkedTotalEur: 10588.24,
      },
    });
    renderList();
    await screen.findByRole('table');
    await userEvent.click(await rowButton('AML-1', 'Sell'));
    const sell = dialog('Sell AML-1');
    // Filled in with the asking price (issue 21): typed over.
    await userEvent.clear(within(sell).getByLabelText('Sale Price (GBP)'));
    await userEvent.type(within(sell).getByLabelText('Sale Price (GBP)'), '9000');
    await userEvent.type(within(sell).getByRole('combobox', { name: 'Client (optional)' }), 'ann');
    await userEvent.click(await within(sell).findByRole('option', { name: /Ann Smith/ }));
    await userEvent.click(within(sell).getByRole('button', { name: 'Confirm Sale' }));

    const alert = await within(sell).findByRole('alert');
    expect(alert).toHaveTextContent('Cash sale refused (anti-money-laundering rule).');
    expect(alert).toHaveTextContent(detail);
    // What to do about it, step by step (the platform's refusal alert, as Quick Sale and Payment show it).
    expect(within(alert).getByRole('list', { name: 'What is missing' })).toHaveTextContent(
      'Upload an identity document to the client’s KYC documents.',
    );
    expect(within(sell).getByLabelText('Sale Price (GBP)')).toHaveValue('9000');
    expect(within(sell).getByLabelText('Payment Method')).toHaveValue('Cash');
    expect(within(sell).getByRole('combobox', { name: 'Client (optional)' })).toHaveValue('Ann Smith');
    expect(within(sell).getByRole('button', { name: 'Confirm Sale' })).toBeEnabled();
    expect(store.get(item.id)?.status).toBe('available');
  });
});

describe('Check Out: the agreed price and the approval note', () => {
  it('proposes the listing price, sends the one agreed, then offers the approval note of the new check-out', async () => {
    const item = makeItem({ serial: 'AP-1', listingPrice: 18250.5, retailPrice: 18250.5 });
    const { mock, store } = fakeInventory([item], CLIENTS);
    renderList();
    await screen.findByRole('table');
    await userEvent.click(await rowButton('AP-1', 'Checkout'));
    const checkout = dialog('Check out AP-1');
    const price = within(checkout).getByLabelText('Agreed price (£)');
    expect(price).toHaveValue('18250.50');
    await userEvent.clear(price);
    await userEvent.type(price, '17999.99');
    await userEvent.type(within(checkout).getByRole('combobox', { name: 'Client' }), 'ann');
    await userEvent.click(await within(checkout).findByRole('option', { name: /Ann Smith/ }));
    await userEvent.click(within(checkout).getByRole('button', { name: 'Check Out' }));

    const note = await within(checkout).findByRole('link', { name: 'Print approval note' });
    expect(mock.callsTo('POST', `/api/items/${item.id}/check-out/`)[0]?.body).toMatchObject({
      clientId: 4,
      agreedPrice: '17999.99',
    });
    const checkoutId = store.get(item.id)?.checkout?.id;
    expect(checkoutId).toEqual(expect.any(Number));
    expect(note).toHaveAttribute('href', `${API_BASE}/api/checkouts/${checkoutId}/approval-note/`);
    await userEvent.click(within(checkout).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('AP-1 is checked out to Ann Smith.')).toBeInTheDocument();
  });

  it('sends no agreed price when it is left blank, and refuses one it cannot read', async () => {
    const item = makeItem({ serial: 'AP-2', listingPrice: 500, retailPrice: 500 });
    const { mock } = fakeInventory([item], CLIENTS);
    renderList();
    await screen.findByRole('table');
    await userEvent.click(await rowButton('AP-2', 'Checkout'));
    const checkout = dialog('Check out AP-2');
    const price = within(checkout).getByLabelText('Agreed price (£)');
    await userEvent.clear(price);
    await userEvent.type(price, '12.345');
    await userEvent.type(within(checkout).getByRole('combobox', { name: 'Client' }), 'ann');
    await userEvent.click(await within(checkout).findByRole('option', { name: /Ann Smith/ }));
    await userEvent.click(within(checkout).getByRole('button', { name: 'Check Out' }));
    expect(
      within(checkout).getByText('Ensure that there are no more than 2 decimal places.'),
    ).toBeInTheDocument();
    expect(mock.callsTo('POST', `/api/items/${item.id}/check-out/`)).toHaveLength(0);

    await userEvent.clear(price);
    await userEvent.click(within(checkout).getByRole('button', { name: 'Check Out' }));
    await within(checkout).findByRole('link', { name: 'Print approval note' });
    expect(mock.callsTo('POST', `/api/items/${item.id}/check-out/`)[0]?.body).toMatchObject({
      agreedPrice: null,
    });
  });
});

describe('the item page', () => {
  it('shows a sale’s invoice with Download and Receipt, and a walk-in buyer by name', async () => {
    const item = soldAs(makeItem({ id: 61, serial: 'PG-1' }));
    fakeInventory([item]);
    renderItemPage(61);
    const sale = await screen.findByRole('region', { name: 'Sale' });
    expect(sale).toHaveTextContent('InvoiceINV-000041');
    expect(sale).toHaveTextContent('BuyerWalter Inn');
    expect(within(sale).getByRole('link', { name: 'Download INV-000041' })).toHaveAttribute(
      'href',
      `${API_BASE}/api/invoices/41/pdf/`,
    );
    expect(within(sale).getByRole('link', { name: 'Receipt for INV-000041' })).toHaveAttribute(
      'href',
      `${API_BASE}/api/invoices/41/pdf/?variant=receipt`,
    );
  });

  it('shows the open check-out with its agreed price and the approval note to reprint', async () => {
    const item = makeItem({
      id: 62,
      serial: 'PG-2',
      status: 'checked_out',
      checkout: {
        id: 733,
        clientId: 4,
        clientName: 'Ann Smith',
        dueDate: '2026-04-01',
        note: '',
        checkedOutAt: '2026-03-20T10:00:00Z',
        agreedPrice: 12000,
      },
    });
    fakeInventory([item], CLIENTS);
    renderItemPage(62);
    const out = await screen.findByRole('region', { name: 'Out on approval' });
    for (const text of ['ClientAnn Smith', 'Agreed price£12,000.00', 'Out since20 Mar 2026', 'Due1 Apr 2026'])
      expect(out).toHaveTextContent(text);
    expect(within(out).getByRole('link', { name: 'Approval note' })).toHaveAttribute(
      'href',
      `${API_BASE}/api/checkouts/733/approval-note/`,
    );
  });

  it('edits the VAT scheme of an unsold item; a sold item’s is shown and not sent', async () => {
    const alertSpy = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    const unsold = makeItem({ id: 63, serial: 'PG-3' });
    const sold = soldAs(makeItem({ id: 64, serial: 'PG-4', vatScheme: 'standard' }));
    const { mock } = fakeInventory([unsold, sold]);
    mock.on('PUT /api/items/63/', { body: { ...unsold, vatScheme: 'standard' } });
    mock.on('PUT /api/items/64/', { body: sold });

    const first = renderItemPage(63);
    const scheme = await screen.findByLabelText('VAT scheme');
    expect(scheme).toHaveDisplayValue('Margin scheme (second-hand)');
    await userEvent.selectOptions(scheme, 'Standard rate (VAT charged)');
    await userEvent.click(screen.getByRole('button', { name: 'Update Item' }));
    await waitFor(() => expect(mock.callsTo('PUT', '/api/items/63/')).toHaveLength(1));
    expect(mock.callsTo('PUT', '/api/items/63/')[0]?.body).toMatchObject({ vatScheme: 'standard' });
    first.unmount();

    renderItemPage(64);
    const locked = await screen.findByLabelText('VAT scheme');
    expect(locked).toHaveDisplayValue('Standard rate (VAT charged)');
    expect(locked).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Update Item' }));
    await waitFor(() => expect(mock.callsTo('PUT', '/api/items/64/')).toHaveLength(1));
    expect(mock.callsTo('PUT', '/api/items/64/')[0]?.body).not.toHaveProperty('vatScheme');
    alertSpy.mockRestore();
  });
});
