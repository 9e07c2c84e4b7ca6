import { authCheckAs, renderWithProviders } from '@loupe/platform/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearToasts, Toaster, UNDO_MS } from '@loupe/platform';
import type { Item } from '@loupe/contracts';
import { ItemListPage } from '../src/features/items/components/item-list-page';
import { ItemPage } from '../src/features/items/components/item-page';
import { LIST_SCREENS } from '../src/features/items/components/list-screens';
import { fakeInventory, makeClient, makeItem } from './support/fake-inventory';

const ANN = makeClient(4, 'Ann Smith');

const renderPage = (id: number | string) =>
  renderWithProviders(
    <>
      <ItemPage />
      <Toaster />
    </>,
    { route: `/inventory/item/${id}`, path: '/inventory/item/:id' },
  );

const heading = () => screen.getByRole('heading', { level: 1 });
const actions = () => screen.getByRole('group', { name: 'Item actions' });
/** The actions' buttons and links, in the order they are on the page. */
const actionNames = () =>
  [...within(actions()).queryAllByRole('button'), ...within(actions()).queryAllByRole('link')]
    .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
    .map((el) => el.textContent);
const location = () => screen.getByTestId('location').textContent ?? '';
const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

const OUT: Pick<Item, 'status' | 'checkout'> = {
  status: 'checked_out',
  checkout: {
    id: 300,
    clientId: 4,
    clientName: 'Ann Smith',
    dueDate: null,
    note: '',
    checkedOutAt: '2026-02-01T10:00:00Z',
    agreedPrice: 9000,
  },
};

describe('the item page', () => {
  it('shows loading, then the item: heading, stock number, status, prices and its attributes', async () => {
    fakeInventory([
      makeItem({
        id: 7,
        serial: 'RLX-126500',
        brand: 'Rolex',
        model: 'Daytona',
        purchasePrice: 18000,
        retailPrice: 24500,
        listingPrice: 24500,
        stockNumber: 1042,
        referenceNumber: '126500LN',
        year: 2023,
        box: true,
        papers: false,
        conditionGrade: 'excellent',
        movement: 'automatic',
        caseDiameterMm: 40,
      }),
    ]);
    renderPage(7);
    expect(screen.getByText('Loading item...')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Rolex Daytona — RLX-126500' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Rolex Daytona — RLX-126500 · Loupe');
    expect(fact('Stock number')).toBe('Stock no. 1042');
    expect(fact('Status')).toBe('Available');
    expect(fact('Purchase Price')).toBe('£18,000.00');
    expect(fact('Listing Price')).toBe('£24,500.00');
    expect(fact('Reference')).toBe('126500LN');
    expect(fact('Year')).toBe('2023');
    expect(fact('Box')).toBe('Yes');
    expect(fact('Papers')).toBe('No');
    expect(fact('Condition')).toBe('Excellent');
    expect(fact('Movement')).toBe('Automatic');
    expect(fact('Case diameter')).toBe('40 mm');
    // Attributes not recorded are left out, not shown empty.
    expect(screen.queryByText('Dial', { selector: 'dt' })).not.toBeInTheDocument();
    // Jewellery's attributes are not a watch's.
    expect(screen.queryByText('Metal', { selector: 'dt' })).not.toBeInTheDocument();
    expect(screen.getByText('No photos yet.')).toBeInTheDocument();
    expect(await screen.findByText('No history yet.')).toBeInTheDocument();
  });

  it('says so for an item that does not exist (404), and for an id that is not one', async () => {
    const { mock } = fakeInventory([]);
    mock.on('GET /api/items/99/', { status: 404, body: { detail: 'Not found.' } });
    const view = renderPage(99);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This item does not exist, or it belongs to another shop.',
    );
    expect(screen.queryByRole('group', { name: 'Item actions' })).not.toBeInTheDocument();
    view.unmount();

    renderPage('abc');
    expect(screen.getByRole('alert')).toHaveTextContent('This item does not exist');
    expect(mock.callsTo('GET', '/api/items/abc/')).toHaveLength(0);
  });

  it('offers a failed load again with Retry', async () => {
    const item = makeItem({ id: 8 });
    const { mock } = fakeInventory([item]);
    mock.on('GET /api/items/8/', { status: 500, body: { detail: 'Server error.' } });
    renderPage(8);
    const alert = await screen.findByRole('alert');
    mock.on('GET /api/items/8/', { body: item });
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: `Rolex Daytona — ${item.serial}` }),
    ).toBeVisible();
  });

  it.each([
    ['available', {}, ['Sell', 'Check Out', 'Promote', 'Print label', 'Edit']],
    ['checked_out', OUT, ['Return', 'Sell', 'Promote', 'Print label', 'Edit']],
    ['reserved', {}, ['Print label', 'Edit']],
    ['unavailable', {}, ['Print label', 'Edit']],
    ['sold', {}, ['Print label', 'Edit']],
  ] as const)('offers on a %s item only what its status allows', async (status, extra, expected) => {
    fakeInventory([makeItem({ id: 9, status, ...extra })]);
    renderPage(9);
    await screen.findByRole('group', { name: 'Item actions' });
    expect(actionNames()).toEqual(expected);
  });

  it('lets an unavailable but promoted item end its promotion', async () => {
    fakeInventory([
      makeItem({ id: 9, status: 'unavailable', promotion: { price: 9500, note: '', promotedAt: '' } }),
    ]);
    renderPage(9);
    await screen.findByRole('group', { name: 'Item actions' });
    expect(actionNames()).toEqual(['Promote', 'Print label', 'Edit']);
    expect(fact('Promotion')).toBe('Promoted at £9,500.00');
  });

  it('links Label to the item’s label and Edit to its form', async () => {
    fakeInventory([makeItem({ id: 10 })]);
    renderPage(10);
    await screen.findByRole('group', { name: 'Item actions' });
    expect(within(actions()).getByRole('link', { name: 'Print label' }).getAttribute('href')).toMatch(
      /^\/inventory\/labels\?.*10/,
    );
    await userEvent.click(within(actions()).getByRole('link', { name: 'Edit' }));
    expect(location()).toBe('/inventory/edit/10');
  });

  it('shows a silver member no purchase price (the shop has not allowed it)', async () => {
    const { mock } = fakeInventory([makeItem({ id: 11, purchasePrice: 18000 })]);
    mock.on('GET /auth-check/', { body: authCheckAs('silver') });
    renderPage(11);
    await screen.findByRole('group', { name: 'Item actions' });
    await waitFor(() => expect(fact('Status')).toBe('Available'));
    expect(screen.queryByText('Purchase Price', { selector: 'dt' })).not.toBeInTheDocument();
    expect(screen.queryByText('£18,000.00')).not.toBeInTheDocument();
    expect(fact('Listing Price')).toBe('£27,000.00');
  });

  it('shows the photos, each opening full size', async () => {
    fakeInventory([
      makeItem({ id: 12, images: [{ id: 3, name: 'dial.jpg', contentType: 'image/jpeg', size: 10 }] }),
    ]);
    renderPage(12);
    const photos = await screen.findByRole('region', { name: 'Photos' });
    const img = within(photos).getByRole('img', { name: 'dial.jpg' });
    expect(img.getAttribute('src')).toMatch(/\/api\/items\/12\/images\/3\//);
    expect(img.closest('a')).toHaveAttribute('href', img.getAttribute('src'));
  });

  it('Sell from the page: the dialog opens on the listing price, the sale shows with its invoice, focus on the heading', async () => {
    const { mock } = fakeInventory([
      makeItem({ id: 13, serial: 'S-13', listingPrice: 15000, retailPrice: 15000 }),
    ]);
    renderPage(13);
    await screen.findByRole('group', { name: 'Item actions' });
    await userEvent.click(within(actions()).getByRole('button', { name: 'Sell' }));
    const sell = screen.getByRole('dialog', { name: 'Sell S-13' });
    expect(within(sell).getByLabelText('Sale Price (GBP)')).toHaveValue('15000.00');
    await userEvent.click(within(sell).getByRole('button', { name: 'Confirm Sale' }));
    expect(await within(sell).findByText(/Invoice INV-\d{6} issued/)).toBeInTheDocument();
    await userEvent.click(within(sell).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(mock.callsTo('POST', '/api/items/13/sell/')[0]?.body).toMatchObject({ price: '15000.00' });
    expect(screen.getByText('S-13 is sold.')).toHaveAttribute('role', 'status');
    // The item is asked again: sold now, nothing left to sell, its sale and invoice on the page.
    await waitFor(() => expect(fact('Status')).toBe('Sold'));
    expect(actionNames()).toEqual(['Print label', 'Edit']);
    const sale = screen.getByRole('region', { name: 'Sale' });
    expect(within(sale).getByRole('link', { name: /^Download INV-\d{6}$/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/api\/invoices\/\d+\/pdf\/$/),
    );
    expect(within(sale).getByRole('link', { name: /^Receipt for INV-\d{6}$/ })).toBeInTheDocument();
    expect(heading()).toHaveFocus();
  });

  it('Check Out from the page: out on approval with its note, Return offered, the message announced', async () => {
    fakeInventory([makeItem({ id: 14, serial: 'C-14' })], [ANN]);
    renderPage(14);
    await screen.findByRole('group', { name: 'Item actions' });
    await userEvent.click(within(actions()).getByRole('button', { name: 'Check Out' }));
    const dialog = screen.getByRole('dialog', { name: 'Check out C-14' });
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Client' }), 'ann');
    await userEvent.click(await within(dialog).findByRole('option', { name: /Ann Smith/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Check Out' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(screen.getByText('C-14 is checked out to Ann Smith.')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(fact('Status')).toBe('Checked Out'));
    expect(actionNames()).toEqual(['Return', 'Sell', 'Promote', 'Print label', 'Edit']);
    const approval = screen.getByRole('region', { name: 'Out on approval' });
    expect(within(approval).getByRole('link', { name: 'Approval note' })).toBeInTheDocument();
    expect(heading()).toHaveFocus();
  });

  it('Promote from the page: the badge shows and focus is back on Promote', async () => {
    fakeInventory([makeItem({ id: 15, serial: 'P-15' })]);
    renderPage(15);
    await screen.findByRole('group', { name: 'Item actions' });
    const promote = within(actions()).getByRole('button', { name: 'Promote' });
    await userEvent.click(promote);
    const dialog = screen.getByRole('dialog', { name: 'Promote P-15' });
    await userEvent.type(within(dialog).getByLabelText('Promotional Price (£, optional)'), '9,900');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Promote' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('P-15 is promoted at £9,900.00.')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(fact('Promotion')).toBe('Promoted at £9,900.00'));
    expect(within(actions()).getByRole('button', { name: 'Promote' })).toHaveFocus();
  });

  describe('Return', () => {
    const user = () => userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => {
      act(() => {
        clearToasts();
        jest.runOnlyPendingTimers();
      });
      jest.useRealTimers();
    });

    it('shows the item available at once, offers Undo, sends the return when the time runs out', async () => {
      const { mock, store } = fakeInventory([makeItem({ id: 16, serial: 'R-16', ...OUT })], [ANN]);
      renderPage(16);
      await screen.findByRole('region', { name: 'Out on approval' });
      await user().click(within(actions()).getByRole('button', { name: 'Return' }));
      expect(await screen.findByText('R-16 has been returned and is available again.')).toBeInTheDocument();
      expect(fact('Status')).toBe('Available');
      expect(actionNames()).toEqual(['Sell', 'Check Out', 'Promote', 'Print label', 'Edit']);
      expect(heading()).toHaveFocus();
      expect(mock.callsTo('POST', '/api/items/16/return/')).toHaveLength(0);

      act(() => {
        jest.advanceTimersByTime(UNDO_MS + 100);
      });
      await waitFor(() => expect(mock.callsTo('POST', '/api/items/16/return/')).toHaveLength(1));
      await waitFor(() => expect(store.get(16)?.status).toBe('available'));
      await waitFor(() => expect(mock.callsTo('GET', '/api/items/16/').length).toBeGreaterThan(1));
      expect(fact('Status')).toBe('Available');
    });
  });
});

describe('the way to the item page from the stock list', () => {
  it('each row’s serial is a link to its item page', async () => {
    fakeInventory([makeItem({ id: 21, serial: 'LNK-21' }), makeItem({ id: 22, serial: 'LNK-22' })]);
    renderWithProviders(<ItemListPage screen={LIST_SCREENS.all} />, {
      route: '/inventory/all',
      path: '/inventory/all',
    });
    const link = await screen.findByRole('link', { name: 'LNK-22' });
    expect(link).toHaveAttribute('href', '/inventory/item/22');
    await userEvent.click(link);
    expect(location()).toBe('/inventory/item/22');
  });
});
