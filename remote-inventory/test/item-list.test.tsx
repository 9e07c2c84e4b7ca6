import { authCheckAs, renderWithProviders } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ItemListPage } from '../src/features/items/components/item-list-page';
import { LIST_SCREENS, type ListScreenKey } from '../src/features/items/components/list-screens';
import { fakeInventory, listQueries, makeItem } from './support/fake-inventory';
import { rowAction } from './support/row-actions';

const PATHS: Record<ListScreenKey, string> = {
  watches: '/stock/watches',
  jewellery: '/stock/jewellery',
  accessories: '/stock/accessories',
  all: '/inventory/all',
  available: '/inventory/available',
  checkedOut: '/inventory/checked-out',
  manage: '/inventory/manage',
};

function renderList(key: ListScreenKey, search = '') {
  const path = PATHS[key];
  return renderWithProviders(<ItemListPage screen={LIST_SCREENS[key]} />, {
    route: `${path}${search}`,
    path,
  });
}

const location = () => screen.getByTestId('location').textContent ?? '';
const params = () => new URLSearchParams(location().split('?')[1] ?? '');
const table = () => screen.getByRole('table');
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const rowOf = (serial: string) => {
  const found = bodyRows().find((r) => within(r).queryByRole('rowheader')?.textContent?.startsWith(serial));
  if (!found) throw new Error(`no row for ${serial}`);
  return found;
};
const lastQuery = (mock: Parameters<typeof listQueries>[0]) => listQueries(mock).at(-1) ?? {};

describe('cost', () => {
  it('shows a silver member no Purchase Price column, unless the shop lets silver see costs', async () => {
    const { mock } = fakeInventory([makeItem({ serial: 'RX-1', purchasePrice: 8250.5 })]);
    mock.on('GET /auth-check/', { body: authCheckAs('silver') });
    const view = renderList('watches');
    await screen.findByRole('cell', { name: 'Rolex' });
    await waitFor(() => expect(screen.getByRole('columnheader', { name: 'Model' })).toBeInTheDocument());
    expect(screen.queryByRole('columnheader', { name: 'Purchase Price' })).not.toBeInTheDocument();
    expect(screen.queryByText('£8,250.50')).not.toBeInTheDocument();
    view.unmount();

    mock.on('GET /auth-check/', {
      body: authCheckAs('silver', { permissionSettings: { silverSeesCosts: true } }),
    });
    renderList('watches');
    expect(await screen.findByRole('columnheader', { name: 'Purchase Price' })).toBeInTheDocument();
  });
});

describe('list screens', () => {
  it.each([
    [
      'watches',
      'Inventory - Watches',
      { stock_type: 'Watches', status: 'available,checked_out,unavailable' },
    ],
    [
      'jewellery',
      'Inventory - Jewellery',
      { stock_type: 'Jewellery', status: 'available,checked_out,unavailable' },
    ],
    [
      'accessories',
      'Inventory - Accessories',
      { stock_type: 'Accessories', status: 'available,checked_out,unavailable' },
    ],
    ['all', 'All Inventory Stock', {}],
    ['available', 'In Stock', { status: 'available' }],
    ['checkedOut', 'Checked Out', { status: 'checked_out', ordering: 'due_date' }],
    ['manage', 'Manage Inventory', {}],
  ] as const)('%s is titled "%s" and asks for its own items', async (key, title, fixed) => {
    const { mock } = fakeInventory([]);
    renderList(key);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    await waitFor(() => expect(listQueries(mock)).toHaveLength(1));
    expect(lastQuery(mock)).toEqual({ page: '1', page_size: '10', ordering: '-created_at', ...fixed });
    expect(await screen.findByText(LIST_SCREENS[key].emptyText)).toBeInTheDocument();
  });

  it('shows serial, stock number, brand, model, status and both prices in £ with two decimals', async () => {
    fakeInventory([
      makeItem({
        serial: 'RX-1',
        stockNumber: 1041,
        brand: 'Rolex',
        model: 'Submariner',
        purchasePrice: 8250.5,
        retailPrice: 11999,
        listingPrice: 11999,
      }),
      makeItem({
        serial: 'OM-2',
        stockNumber: 1042,
        brand: 'Omega',
        model: 'Seamaster',
        status: 'unavailable',
        purchasePrice: 1200,
        retailPrice: null,
        listingPrice: null,
      }),
    ]);
    renderList('watches');
    await screen.findByRole('table');
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Serial',
      'Stock No.',
      'Brand',
      'Model',
      'Status',
      'Purchase Price',
      'Listing Price',
      'Days in stock',
      'Actions',
    ]);
    expect(
      within(rowOf('RX-1'))
        .getAllByRole('cell')
        .slice(0, 6)
        .map((c) => c.textContent),
    ).toEqual(['1041', 'Rolex', 'Submariner', 'Available', '£8,250.50', '£11,999.00']);
    expect(
      within(rowOf('OM-2'))
        .getAllByRole('cell')
        .slice(0, 6)
        .map((c) => c.textContent),
    ).toEqual(['1042', 'Omega', 'Seamaster', 'Unavailable', '£1,200.00', '—']);
    expect(within(rowOf('RX-1')).getByRole('rowheader')).toHaveTextContent(/^RX-1$/);
  });

  it('shows the serial with its stock type on the all-stock screen', async () => {
    fakeInventory([makeItem({ serial: 'JW-9', stockType: 'Jewellery', brand: '', model: '' })]);
    renderList('all');
    expect(await screen.findByRole('rowheader', { name: 'JW-9 (Jewellery)' })).toBeInTheDocument();
  });

  it('shows client, due date and Return on the checked-out screen', async () => {
    fakeInventory([
      makeItem({
        serial: 'CO-1',
        status: 'checked_out',
        checkout: {
          id: 1,
          agreedPrice: null,
          clientId: 4,
          clientName: 'Ann Smith',
          dueDate: '2026-03-09',
          note: '',
          checkedOutAt: '',
        },
      }),
    ]);
    renderList('checkedOut');
    await screen.findByRole('table');
    const cells = within(rowOf('CO-1'))
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(1, 7)).toEqual([
      'Rolex',
      'Daytona',
      'Checked Out',
      'Ann Smith',
      '9 Mar 2026',
      expect.stringMatching(/^£/),
    ]);
    expect(await rowAction(rowOf('CO-1'), 'CO-1', 'Return')).toBeEnabled();
  });

  it('says why the list failed and retries', async () => {
    const { mock } = fakeInventory([makeItem({ serial: 'A-1' })]);
    mock.on('GET /api/items/', { status: 500, body: { detail: 'Database unavailable.' } });
    renderList('all');
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable.');
    mock.on('GET /api/items/', { body: { results: [], count: 0 } });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No items match.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Nothing to label or select in an empty result (issue 21: it offered "Print labels (all 0)").
    expect(screen.queryByRole('link', { name: /Print labels/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Select all on this page' })).not.toBeInTheDocument();
  });

  it('looks up the serial the top bar searched for', async () => {
    const { mock } = fakeInventory([makeItem({ serial: 'ABC-1' }), makeItem({ serial: 'XYZ-2' })]);
    renderList('all', '?search=abc');
    await screen.findByRole('rowheader', { name: /^ABC-1/ });
    expect(screen.queryByRole('rowheader', { name: /^XYZ-2/ })).not.toBeInTheDocument();
    expect(lastQuery(mock).search).toBe('abc');
    expect(screen.getByText(/Serial starts with: abc/)).toBeInTheDocument();
  });
});

describe('filters (SPEC §2 list behaviour)', () => {
  const stock = () => [
    makeItem({ serial: 'R-1', brand: 'Rolex', model: 'Daytona', purchasePrice: 100 }),
    makeItem({ serial: 'R-2', brand: 'Rolex', model: 'Explorer', purchasePrice: 250 }),
    makeItem({ serial: 'O-1', brand: 'Omega', model: 'Seamaster', purchasePrice: 300 }),
    makeItem({ serial: 'C-1', brand: 'Cartier', model: 'Tank', purchasePrice: 400, stockType: 'Jewellery' }),
  ];

  it('toggles the panel: Filters, then Close Filters while open', async () => {
    fakeInventory(stock());
    renderList('watches');
    const toggle = await screen.findByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('form', { name: 'Filters' })).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(toggle).toHaveTextContent('Close Filters');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('form', { name: 'Filters' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close Filters' }));
    expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Filters' })).not.toBeInTheDocument();
  });

  it('offers the stock-type filter on the all-stock screen only', async () => {
    fakeInventory(stock());
    const { unmount } = renderList('watches');
    await userEvent.click(await screen.findByRole('button', { name: 'Filters' }));
    expect(screen.queryByLabelText('Stock Type')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Brand')).toBeInTheDocument();
    unmount();
    renderList('all');
    await userEvent.click(await screen.findByRole('button', { name: 'Filters' }));
    expect(screen.getByLabelText('Stock Type')).toBeInTheDocument();
  });

  it('keeps Model disabled until a brand is chosen, lists only that brand’s models, and a new brand clears it', async () => {
    fakeInventory(stock());
    renderList('watches');
    await userEvent.click(await screen.findByRole('button', { name: 'Filters' }));
    const model = screen.getByLabelText('Model');
    expect(model).toBeDisabled();
    await userEvent.selectOptions(
      screen.getByLabelText('Brand'),
      await screen.findByRole('option', { name: 'Omega' }),
    );
    expect(model).toBeEnabled();
    expect(
      within(model)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All Omega models', 'Speedmaster', 'Seamaster', 'Constellation', 'De Ville', 'Globemaster']);
    await userEvent.selectOptions(model, 'Seamaster');
    expect(model).toHaveValue('Seamaster');
    await userEvent.selectOptions(
      screen.getByLabelText('Brand'),
      await screen.findByRole('option', { name: 'Cartier' }),
    );
    expect(model).toHaveValue('');
    expect(
      within(model)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toContain('Panthère');
    await userEvent.selectOptions(screen.getByLabelText('Brand'), '');
    expect(model).toBeDisabled();
  });

  it('Save Filter applies brand, model and price bounds, closes the panel and goes back to page 1', async () => {
    const { mock } = fakeInventory([
      ...stock(),
      ...Array.from({ length: 25 }, () =>
        makeItem({ brand: 'Omega', model: 'Speedmaster', purchasePrice: 5000 }),
      ),
    ]);
    renderList('watches', '?page=2');
    await screen.findByText('Page 2 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await userEvent.selectOptions(
      screen.getByLabelText('Brand'),
      await screen.findByRole('option', { name: 'Rolex' }),
    );
    await userEvent.selectOptions(screen.getByLabelText('Model'), 'Explorer');
    await userEvent.type(screen.getByLabelText('Min Price (£)'), '£250');
    await userEvent.type(screen.getByLabelText('Max Price (£)'), '1,000.00');
    await userEvent.click(screen.getByRole('button', { name: 'Save Filter' }));

    expect(screen.queryByRole('form', { name: 'Filters' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument();
    await screen.findByText('Page 1 of 1');
    expect(Object.fromEntries(params())).toEqual({
      brand: 'Rolex',
      model: 'Explorer',
      min_price: '250',
      max_price: '1000.00',
    });
    expect(lastQuery(mock)).toMatchObject({
      page: '1',
      brand: 'Rolex',
      model: 'Explorer',
      min_price: '250',
      max_price: '1000.00',
    });
    expect(bodyRows().map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['R-2']);
    expect(
      screen.getByText(
        /Filtered by Brand: Rolex · Model: Explorer · Min price: £250.00 · Max price: £1,000.00/,
      ),
    ).toBeInTheDocument();
  });

  it('compares price bounds inclusively (the server does; the page sends them as typed numbers)', async () => {
    const { mock } = fakeInventory(stock());
    renderList('all');
    await userEvent.click(await screen.findByRole('button', { name: 'Filters' }));
    await userEvent.type(screen.getByLabelText('Min Price (£)'), '250');
    await userEvent.type(screen.getByLabelText('Max Price (£)'), '300');
    await userEvent.click(screen.getByRole('button', { name: 'Save Filter' }));
    await waitFor(() => expect(lastQuery(mock)).toMatchObject({ min_price: '250', max_price: '300' }));
    await waitFor(() =>
      expect(bodyRows().map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
        'R-2 (Watches)',
        'O-1 (Watches)',
      ]),
    );
  });

  it('refuses prices that are not numbers, or a max below the min, and sends nothing', async () => {
    const { mock } = fakeInventory(stock());
    renderList('watches');
    await userEvent.click(await screen.findByRole('button', { name: 'Filters' }));
    await waitFor(() => expect(listQueries(mock)).toHaveLength(1));
    await userEvent.type(screen.getByLabelText('Min Price (£)'), 'cheap');
    await userEvent.click(screen.getByRole('button', { name: 'Save Filter' }));
    expect(screen.getByText('Enter a price, e.g. 1250 or £1,250.00.')).toHaveAttribute('role', 'alert');
    expect(screen.getByLabelText('Min Price (£)')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(screen.getByLabelText('Min Price (£)'));
    await userEvent.type(screen.getByLabelText('Min Price (£)'), '500');
    await userEvent.type(screen.getByLabelText('Max Price (£)'), '100');
    await userEvent.click(screen.getByRole('button', { name: 'Save Filter' }));
    expect(screen.getByText('Max price must not be less than min price.')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Filters' })).toBeInTheDocument();
    expect(listQueries(mock)).toHaveLength(1);
    expect(location()).toBe('/stock/watches');
  });

  it('Remove Filter clears every filter, closes the panel and goes back to page 1, keeping the sort', async () => {
    const { mock } = fakeInventory(stock());
    renderList(
      'all',
      '?brand=Rolex&model=Daytona&min_price=50&stock_type=Watches&page_size=25&ordering=serial',
    );
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    expect(screen.getByLabelText('Brand')).toHaveValue('Rolex');
    expect(screen.getByLabelText('Model')).toHaveValue('Daytona');
    expect(screen.getByLabelText('Min Price (£)')).toHaveValue('50');
    expect(screen.getByLabelText('Stock Type')).toHaveValue('Watches');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Filter' }));
    expect(screen.queryByRole('form', { name: 'Filters' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument();
    // The sort order is not a filter: it stays.
    expect(location()).toBe('/inventory/all?page_size=25&ordering=serial');
    await waitFor(() => expect(lastQuery(mock)).toEqual({ page: '1', page_size: '25', ordering: 'serial' }));
  });

  it('Remove Filter from a later page returns to page 1', async () => {
    fakeInventory(Array.from({ length: 15 }, () => makeItem({ brand: 'Rolex' })));
    renderList('watches', '?brand=Rolex&page=2');
    await screen.findByText('Page 2 of 2');
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove Filter' }));
    await screen.findByText('Page 1 of 2');
    expect(location()).toBe('/stock/watches');
  });

  it('closing the panel without saving keeps the filters in force', async () => {
    fakeInventory(stock());
    renderList('watches', '?brand=Omega');
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await userEvent.selectOptions(
      screen.getByLabelText('Brand'),
      await screen.findByRole('option', { name: 'Rolex' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close Filters' }));
    expect(params().get('brand')).toBe('Omega');
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    expect(screen.getByLabelText('Brand')).toHaveValue('Omega');
  });

  it('sorts on the server and a new order starts at page 1', async () => {
    const { mock } = fakeInventory(Array.from({ length: 12 }, () => makeItem()));
    renderList('watches', '?page=2');
    await screen.findByText('Page 2 of 2');
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Purchase price, highest first');
    await screen.findByText('Page 1 of 2');
    expect(params().get('ordering')).toBe('-purchase_price');
    expect(params().get('page')).toBeNull();
    expect(lastQuery(mock).ordering).toBe('-purchase_price');
  });
});

describe('pagination', () => {
  it('pages with Previous and Next, shows "Page X of Y" and keeps the page in the URL', async () => {
    const { mock } = fakeInventory(Array.from({ length: 23 }, (_, i) => makeItem({ serial: `P-${i + 1}` })));
    renderList('all');
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');
    expect(params().get('page')).toBe('2');
    expect(lastQuery(mock)).toMatchObject({ page: '2', page_size: '10' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 3 of 3');
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByText('Showing 21–23 of 23')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByText('Page 2 of 3');
  });

  it('offers 10, 25, 50 and 100 items per page (10 by default); a new size starts at page 1', async () => {
    const { mock } = fakeInventory(Array.from({ length: 60 }, () => makeItem()));
    renderList('all', '?page=3');
    await screen.findByText('Page 3 of 6');
    const perPage = screen.getByLabelText('Items per page');
    expect(perPage).toHaveValue('10');
    expect(
      within(perPage)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '25', '50', '100']);
    await userEvent.selectOptions(perPage, '25');
    await screen.findByText('Page 1 of 3');
    expect(location()).toBe('/inventory/all?page_size=25');
    expect(lastQuery(mock)).toMatchObject({ page: '1', page_size: '25' });
    await waitFor(() => expect(bodyRows()).toHaveLength(25));
  });

  it('goes back to page 1 when the page asked for no longer exists', async () => {
    fakeInventory(Array.from({ length: 3 }, () => makeItem()));
    renderList('all', '?page=4');
    await screen.findByText('Page 1 of 1');
    expect(location()).toBe('/inventory/all');
  });
});

describe('the manage screen', () => {
  it('highlights the item just saved and says so', async () => {
    const saved = makeItem({ serial: 'NEW-1', brand: 'Cartier', model: 'Tank', purchasePrice: 1234.5 });
    fakeInventory([makeItem({ serial: 'OLD-1' }), saved]);
    renderList('manage', `?highlight=${saved.id}`);
    await screen.findByRole('table');
    expect(rowOf('NEW-1')).toHaveAttribute('aria-current', 'true');
    expect(rowOf('OLD-1')).not.toHaveAttribute('aria-current');
    expect(
      await screen.findByText(/Just saved: NEW-1 — Cartier Tank \(Available, purchase price £1,234.50\)/),
    ).toBeInTheDocument();
  });

  it('filters by any status, sold included', async () => {
    const { mock } = fakeInventory([
      makeItem({ serial: 'S-1', status: 'sold' }),
      makeItem({ serial: 'A-1' }),
    ]);
    renderList('manage');
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Sold');
    await userEvent.click(screen.getByRole('button', { name: 'Save Filter' }));
    await waitFor(() => expect(lastQuery(mock).status).toBe('sold'));
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(screen.getByText(/Filtered by Status: Sold/)).toBeInTheDocument();
  });
});
