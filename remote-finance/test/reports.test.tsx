import type { Report, ReportDetails, ReportType } from '@loupe/contracts';
import { authCheckAs, createFetchMock, renderWithProviders, type FetchCall } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReportsPage } from '../src/features/reports/components/reports-page';

const REPORTS = '/api/reports/';
const PINS = '/api/dashboard/pins/';

const DETAILS: Record<ReportType, ReportDetails> = {
  sales: {
    kind: 'sales',
    itemSales: { count: 3, amount: 15000 },
    quickSales: { count: 2, amount: 250 },
    costOfGoods: 11000,
  },
  purchases: {
    kind: 'purchases',
    itemsBought: { count: 4, amount: 20000 },
    expenses: { count: 6, amount: 900 },
  },
  stock_summary: {
    kind: 'stock_summary',
    sold: { count: 3, amount: 15000 },
    inStock: { count: 40, amount: 300000 },
    byStockType: {
      Watches: { count: 30, amount: 280000 },
      Jewellery: { count: 6, amount: 15000 },
      Accessories: { count: 4, amount: 5000 },
    },
  },
  profit_loss: {
    kind: 'profit_loss',
    revenue: 15250,
    costOfGoods: 11000,
    grossProfit: 4250,
    expenses: 5000,
    netProfit: -750,
  },
  sales_by_method: {
    kind: 'sales_by_method',
    byMethod: [
      { method: 'Cash', count: 2, amount: 250 },
      { method: 'Bank Transfer', count: 3, amount: 15000 },
    ],
  },
  client_balances: {
    kind: 'client_balances',
    clients: [
      { clientId: 1, name: 'Ada Lovelace', email: 'ada@example.com', status: 'active', balance: -1200.5 },
      { clientId: 2, name: 'Brunel', email: 'ikb@example.com', status: 'inactive', balance: 300 },
    ],
    clientCount: 2,
    debtors: { count: 1, amount: 1200.5 },
    creditors: { count: 1, amount: 300 },
  },
  client_report: {
    kind: 'client_report',
    clients: [
      {
        clientId: 1,
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        status: 'active',
        balance: -1200.5,
        sales: { count: 2, amount: 9000 },
        ledgerNet: -400,
        checkedOut: 1,
      },
    ],
    clientCount: 3,
  },
};

function report(query: Record<string, string>): Report {
  return {
    type: query.type as Report['type'],
    range: query.range as Report['range'],
    from: query.from ?? '2026-01-01',
    to: query.to ?? '2026-03-09',
    currency: 'GBP',
    rows: [
      { date: '2026-01-01', sales: 12000, expenses: 3000, profit: 1000 },
      { date: '2026-02-01', sales: 250, expenses: 1500, profit: -1250.5 },
      { date: '2026-03-01', sales: 3000, expenses: 500, profit: 2500 },
    ],
    totals: { sales: 15250, expenses: 5000, profit: 2249.5 },
    details: DETAILS[query.type as ReportType],
  };
}

const queryOf = (call: FetchCall | undefined) =>
  Object.fromEntries(new URL(call?.url ?? '', 'http://x').searchParams);

// Gold sees profit and the cost reports; silver only where the shop allows it (issue 21: 'for silver' below).
function server(auth = authCheckAs('gold')) {
  const mock = createFetchMock({
    'GET /auth-check/': { body: auth },
    'GET /csrf/': { cookies: { csrftoken: 't' } },
    [`GET ${REPORTS}`]: (call) => ({ body: report(queryOf(call)) }),
    [`POST ${PINS}`]: (call) => ({ status: 201, body: { id: 5, ...(call.body as object) } }),
  });
  window.fetch = mock.fetch;
  return mock;
}

let alertSpy: jest.SpyInstance;
let clicked: { href: string; download: string | null; attached: boolean }[];

beforeEach(() => {
  alertSpy = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  clicked = [];
  // jsdom cannot download; record what the browser would have been asked to fetch.
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({
      href: this.getAttribute('href') ?? '',
      download: this.getAttribute('download'),
      attached: document.body.contains(this),
    });
  });
});

afterEach(() => jest.restoreAllMocks());

const renderReports = (route = '/reports') => renderWithProviders(<ReportsPage />, { route });
const summary = () => screen.findByRole('table', { name: 'Report summary' });
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent));

describe('controls', () => {
  it('offers the report types and ranges of the specification, Sales and Monthly first chosen', async () => {
    server();
    renderReports();
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    const type = screen.getByLabelText('Report Type');
    expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Sales',
      'Purchases',
      'Stock Summary',
      'Profit & Loss',
      'Sales by Payment Method',
      'Client Balances',
      'Client Report',
    ]);
    const range = screen.getByLabelText('Range');
    expect(
      within(range)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Daily', 'Weekly', 'Monthly', 'Custom Range']);
    expect(type).toHaveValue('sales');
    expect(range).toHaveValue('monthly');
    expect(screen.queryByLabelText('From')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('To')).not.toBeInTheDocument();
    for (const name of ['Add to Dash', 'Generate Report', 'Download CSV']) {
      expect(screen.getByRole('button', { name })).toBeEnabled();
    }
  });

  it('shows From and To for Custom Range only, and asks for nothing until both are chosen', async () => {
    const mock = server();
    renderReports();
    await summary();
    await userEvent.selectOptions(screen.getByLabelText('Range'), 'Custom Range');
    expect(screen.getByLabelText('From')).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('To')).toHaveAttribute('type', 'date');
    expect(screen.getByText('Choose From and To to see a custom range.')).toBeInTheDocument();
    const asked = mock.callsTo('GET', REPORTS).length;

    await userEvent.type(screen.getByLabelText('From'), '2026-02-01');
    expect(mock.callsTo('GET', REPORTS)).toHaveLength(asked);
    await userEvent.type(screen.getByLabelText('To'), '2026-02-28');
    await waitFor(() =>
      expect(queryOf(mock.callsTo('GET', REPORTS).at(-1))).toEqual({
        type: 'sales',
        range: 'custom',
        from: '2026-02-01',
        to: '2026-02-28',
      }),
    );
    await summary();
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/reports?range=custom&from=2026-02-01&to=2026-02-28',
    );

    await userEvent.selectOptions(screen.getByLabelText('Range'), 'Weekly');
    expect(screen.queryByLabelText('From')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(queryOf(mock.callsTo('GET', REPORTS).at(-1))).toEqual({ type: 'sales', range: 'weekly' }),
    );
  });

  it('refuses a custom range that ends before it starts or is longer than 366 days', async () => {
    const mock = server();
    renderReports('/reports?range=custom');
    await screen.findByLabelText('From');
    await userEvent.type(screen.getByLabelText('From'), '2026-03-10');
    await userEvent.type(screen.getByLabelText('To'), '2026-03-01');
    expect(screen.getByText('To must be on or after From.')).toHaveAttribute('role', 'alert');

    await userEvent.clear(screen.getByLabelText('To'));
    await userEvent.type(screen.getByLabelText('To'), '2027-03-11');
    expect(screen.getByText('A custom range covers at most 366 days.')).toHaveAttribute('role', 'alert');
    expect(mock.callsTo('GET', REPORTS)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Generate Report' }));
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add to Dash' }));
    expect(alertSpy).not.toHaveBeenCalled();
    expect(clicked).toHaveLength(0);
    expect(mock.callsTo('POST', PINS)).toHaveLength(0);
  });

  it('names the missing days when a button is pressed before they are chosen', async () => {
    server();
    renderReports('/reports?range=custom');
    await userEvent.click(await screen.findByRole('button', { name: 'Generate Report' }));
    expect(screen.getByText('Choose the first day.')).toHaveAttribute('role', 'alert');
    expect(screen.getByText('Choose the last day.')).toHaveAttribute('role', 'alert');
    expect(alertSpy).not.toHaveBeenCalled();
  });

  it('opens the report a link names (type, range and days from the URL)', async () => {
    const mock = server();
    renderReports('/reports?type=profit_loss&range=custom&from=2026-01-01&to=2026-01-31');
    await summary();
    expect(screen.getByLabelText('Report Type')).toHaveValue('profit_loss');
    expect(screen.getByLabelText('From')).toHaveValue('2026-01-01');
    expect(queryOf(mock.callsTo('GET', REPORTS)[0])).toEqual({
      type: 'profit_loss',
      range: 'custom',
      from: '2026-01-01',
      to: '2026-01-31',
    });
  });
});

describe('the report', () => {
  it('loads the chosen report from the server, with a spinner meanwhile', async () => {
    const mock = server();
    let release: () => void = () => undefined;
    mock.on(
      `GET ${REPORTS}`,
      (call) => new Promise((resolve) => (release = () => resolve({ body: report(queryOf(call)) }))),
    );
    renderReports();
    await waitFor(() => expect(mock.callsTo('GET', REPORTS)).toHaveLength(1));
    expect(queryOf(mock.callsTo('GET', REPORTS)[0])).toEqual({ type: 'sales', range: 'monthly' });
    expect(screen.getByText('Loading report...')).toBeInTheDocument();
    release();
    await summary();
    expect(screen.queryByText('Loading report...')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: /^Sales, Monthly/ })).toHaveTextContent(
      '(1 Jan 2026 – 9 Mar 2026, GBP)',
    );
  });

  it('shows Date, Sales, Expenses and Profit per period with the totals, a loss in red and marked', async () => {
    server();
    renderReports();
    const table = await summary();
    expect(rowsOf(table)).toEqual([
      ['Date', 'Sales', 'Expenses', 'Profit'],
      ['January 2026', '£12,000.00', '£3,000.00', '£1,000.00'],
      ['February 2026', '£250.00', '£1,500.00', '▼ -£1,250.50 (loss)'],
      ['March 2026', '£3,000.00', '£500.00', '£2,500.00'],
      ['Total', '£15,250.00', '£5,000.00', '£2,249.50'],
    ]);
    const loss = within(table).getByText('-£1,250.50', { exact: false });
    expect(loss).toHaveAttribute('data-negative', 'true');
    // The theme's danger colour (dark mode is forced on start: #f87171); a profit keeps the text colour.
    expect(getComputedStyle(loss).color).toBe('rgb(248, 113, 113)');
    expect(getComputedStyle(within(table).getByText('£2,500.00')).color).not.toBe('rgb(248, 113, 113)');
    expect(within(table).getByText('(loss)')).toBeInTheDocument();
    expect(within(table).getByText('January 2026').closest('time')).toHaveAttribute('dateTime', '2026-01-01');
    expect(within(table).getAllByText(/▼/)).toHaveLength(1);
  });

  it('draws the same numbers as a chart that is one image named by its summary', async () => {
    server();
    renderReports();
    await summary();
    const chart = screen.getByRole('img');
    expect(chart).toHaveAccessibleName(
      'Sales, Monthly, 3 periods (Jan 26 to Mar 26): sales £15,250.00, expenses £5,000.00, profit £2,249.50; a loss in 1 period.',
    );
    const bars = chart.querySelectorAll('rect[data-series]');
    expect(bars).toHaveLength(9);
    expect(chart.querySelector('rect[data-series="profit"][fill^="url("]')?.textContent).toBe(
      'Feb 26 Profit: -£1,250.50',
    );
  });

  it('labels weekly and daily periods by their first day', async () => {
    server();
    renderReports('/reports?range=weekly');
    expect(rowsOf(await summary())[1]?.[0]).toBe('Week of 1 Jan 2026');
  });

  it('shows the server’s reason when the report fails, with Retry', async () => {
    const mock = server();
    mock.on(`GET ${REPORTS}`, { status: 400, body: { to: ['A custom range covers at most 366 days.'] } });
    renderReports();
    expect(await screen.findByRole('alert')).toHaveTextContent('A custom range covers at most 366 days.');
    mock.on(`GET ${REPORTS}`, { status: 500 });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to load the report.'));
    mock.on(`GET ${REPORTS}`, (call) => ({ body: report(queryOf(call)) }));
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await summary();
  });

  it.each([
    ['sales', 'Sales', ['Stock items sold', '£15,000.00 (3 sales)'], ['Cost of stock sold', '£11,000.00']],
    [
      'purchases',
      'Purchases',
      ['Stock bought', '£20,000.00 (4 items)'],
      ['Expenses', '£900.00 (6 expenses)'],
    ],
    [
      'stock_summary',
      'Stock Summary',
      ['Sold in this period', '£15,000.00 (3 items)'],
      ['In stock now (at cost)', '£300,000.00 (40 items)'],
    ],
    ['profit_loss', 'Profit & Loss', ['Gross profit', '£4,250.00'], ['Net profit', '▼ -£750.00 (loss)']],
    [
      'client_balances',
      'Client Balances',
      ['Debtors (owe the shop)', '£1,200.50 (1 client)'],
      ['Creditors (the shop owes)', '£300.00 (1 client)'],
    ],
  ])('shows the %s figures', async (type, label, first, second) => {
    server();
    renderReports(`/reports?type=${type}`);
    await summary();
    const figures = screen.getByRole('group', { name: `${label} details` });
    const pairs = Array.from(figures.querySelectorAll('div')).map((div) => [
      div.querySelector('dt')?.textContent,
      div.querySelector('dd')?.textContent,
    ]);
    expect(pairs).toContainEqual(first);
    expect(pairs).toContainEqual(second);
  });

  it('lists sales by payment method', async () => {
    server();
    renderReports('/reports?type=sales_by_method');
    await summary();
    expect(rowsOf(screen.getByRole('table', { name: 'Sales by payment method' }))).toEqual([
      ['Payment Method', 'Count', 'Sales'],
      ['Cash', '2', '£250.00'],
      ['Bank Transfer', '3', '£15,000.00'],
    ]);
  });

  it('lists client balances, a debt in red and marked', async () => {
    server();
    renderReports('/reports?type=client_balances');
    await summary();
    expect(rowsOf(screen.getByRole('table', { name: 'Client balances' }))).toEqual([
      ['Client', 'Email', 'Status', 'Balance'],
      ['Ada Lovelace', 'ada@example.com', 'Active', '▼ -£1,200.50 (loss)'],
      ['Brunel', 'ikb@example.com', 'Not Active', '£300.00'],
    ]);
  });

  it('lists client activity and says when the list was cut short', async () => {
    server();
    renderReports('/reports?type=client_report');
    await summary();
    expect(rowsOf(screen.getByRole('table', { name: 'Client activity' }))).toEqual([
      ['Client', 'Email', 'Status', 'Balance', 'Sales', 'Ledger Net', 'Checked Out'],
      [
        'Ada Lovelace',
        'ada@example.com',
        'Active',
        '▼ -£1,200.50 (loss)',
        '£9,000.00 (2 sales)',
        '▼ -£400.00 (loss)',
        '1',
      ],
    ]);
    expect(screen.getByText('Showing 1 of 3 clients; the CSV has all of them.')).toBeInTheDocument();
  });
});

describe('for silver, unless the shop lets silver see costs and profit', () => {
  /** The report as the API answers silver (server/src/kernel/costs.ts): no profit, no cost of stock sold. */
  function withoutProfit(query: Record<string, string>): Report {
    const full = report(query);
    const { profit: _profit, ...totals } = full.totals;
    return { ...full, rows: full.rows.map(({ profit: _p, ...row }) => row), totals };
  }

  it('offers no cost report and shows the summary and chart without Profit', async () => {
    const mock = server(authCheckAs('silver'));
    mock.on(`GET ${REPORTS}`, (call) => ({ body: withoutProfit(queryOf(call)) }));
    renderReports();
    const table = await summary();
    expect(
      within(screen.getByLabelText('Report Type'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Sales', 'Sales by Payment Method', 'Client Balances', 'Client Report']);
    expect(rowsOf(table)[0]).toEqual(['Date', 'Sales', 'Expenses']);
    expect(rowsOf(table).at(-1)).toEqual(['Total', '£15,250.00', '£5,000.00']);
    expect(screen.getByRole('img')).toHaveAccessibleName(
      'Sales, Monthly, 3 periods (Jan 26 to Mar 26): sales £15,250.00, expenses £5,000.00.',
    );
    expect(screen.getByRole('img').querySelectorAll('rect[data-series]')).toHaveLength(6);
  });

  it('offers every report once the shop allows it', async () => {
    server(authCheckAs('silver', { permissionSettings: { silverSeesCosts: true } }));
    renderReports();
    await summary();
    expect(within(screen.getByLabelText('Report Type')).getAllByRole('option')).toHaveLength(7);
  });
});

describe('buttons', () => {
  it('Generate Report alerts "Generating report..." and then asks the server afresh', async () => {
    const mock = server();
    renderReports('/reports?type=purchases&range=daily');
    await summary();
    const before = mock.callsTo('GET', REPORTS).length;
    let callsAtAlert = -1;
    alertSpy.mockImplementation(() => {
      callsAtAlert = mock.callsTo('GET', REPORTS).length;
    });
    await userEvent.click(screen.getByRole('button', { name: 'Generate Report' }));
    expect(alertSpy).toHaveBeenCalledWith('Generating report...');
    expect(callsAtAlert).toBe(before);
    await waitFor(() => expect(mock.callsTo('GET', REPORTS)).toHaveLength(before + 1));
    expect(queryOf(mock.callsTo('GET', REPORTS).at(-1))).toEqual({ type: 'purchases', range: 'daily' });
    await summary();
  });

  it('Download CSV alerts "Downloading CSV..." and lets the browser download the CSV of the report shown', async () => {
    const mock = server();
    renderReports('/reports?type=profit_loss&range=custom&from=2026-01-01&to=2026-01-31');
    await summary();
    let clicksAtAlert = -1;
    alertSpy.mockImplementation(() => {
      clicksAtAlert = clicked.length;
    });
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(alertSpy).toHaveBeenCalledWith('Downloading CSV...');
    expect(clicksAtAlert).toBe(0);
    expect(clicked).toEqual([
      {
        href: '/api/api/reports/csv/?type=profit_loss&range=custom&from=2026-01-01&to=2026-01-31',
        download: '',
        attached: true,
      },
    ]);
    // The browser streams the file itself: the page reads nothing of it.
    expect(mock.calls.filter((call) => call.path.includes('csv'))).toHaveLength(0);
    expect(document.querySelectorAll('a[download]')).toHaveLength(0);
  });

  it('Download CSV leaves From and To out of the other ranges', async () => {
    server();
    renderReports('/reports?type=sales_by_method&range=weekly&from=2026-01-01&to=2026-01-31');
    await summary();
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(clicked.map((c) => c.href)).toEqual(['/api/api/reports/csv/?type=sales_by_method&range=weekly']);
  });

  it('Add to Dash saves the pin and only then alerts "Added to dashboard!"', async () => {
    const mock = server();
    let release: () => void = () => undefined;
    mock.on(
      `POST ${PINS}`,
      (call) =>
        new Promise(
          (resolve) => (release = () => resolve({ status: 201, body: { id: 9, ...(call.body as object) } })),
        ),
    );
    renderReports('/reports?type=profit_loss&range=custom&from=2026-01-01&to=2026-01-31');
    await summary();
    await userEvent.click(screen.getByRole('button', { name: 'Add to Dash' }));
    await waitFor(() => expect(mock.callsTo('POST', PINS)).toHaveLength(1));
    expect(mock.callsTo('POST', PINS)[0]?.body).toEqual({
      type: 'profit_loss',
      range: 'custom',
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(mock.callsTo('POST', PINS)[0]?.headers['x-csrftoken']).toBe('t');
    expect(screen.getByRole('button', { name: 'Add to Dash' })).toBeDisabled();
    expect(alertSpy).not.toHaveBeenCalled();
    release();
    await waitFor(() => expect(alertSpy).toHaveBeenCalledWith('Added to dashboard!'));
    expect(screen.getByRole('button', { name: 'Add to Dash' })).toBeEnabled();
  });

  it('Add to Dash pins a monthly report without days', async () => {
    const mock = server();
    renderReports('/reports?type=sales&range=monthly&from=2026-01-01');
    await summary();
    await userEvent.click(screen.getByRole('button', { name: 'Add to Dash' }));
    await waitFor(() => expect(alertSpy).toHaveBeenCalledWith('Added to dashboard!'));
    expect(mock.callsTo('POST', PINS)[0]?.body).toEqual({ type: 'sales', range: 'monthly' });
  });

  it('Add to Dash shows why a pin was refused, and no alert', async () => {
    const mock = server();
    mock.on(`POST ${PINS}`, { status: 400, body: { detail: 'You can pin at most 50 reports.' } });
    renderReports();
    await summary();
    await userEvent.click(screen.getByRole('button', { name: 'Add to Dash' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You can pin at most 50 reports.');
    expect(alertSpy).not.toHaveBeenCalled();

    mock.on(`POST ${PINS}`, { status: 500 });
    await userEvent.click(screen.getByRole('button', { name: 'Add to Dash' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('The report could not be added to the dashboard.'),
    );
    expect(alertSpy).not.toHaveBeenCalled();
  });
});
