import type { DashboardPin, FinanceDashboard } from '@loupe/contracts';
import { clearToasts, Toaster, UNDO_MS } from '@loupe/platform';
import { authCheckAs, createFetchMock, renderWithProviders } from '@loupe/platform/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import widgets from '../src/widgets';

const DASHBOARD = '/api/dashboard/finance/';
const PINS = '/api/dashboard/pins/';

const SUMMARY: FinanceDashboard = {
  today: '2026-03-09',
  revenue: { month: 48250.5, allTime: 912345.75 },
  sales: { today: 1250, week: 9800.25, month: 48250.5 },
  purchases: { month: 36000, count: 3 },
  profitLoss: { month: -1520.4 },
  salesByMethod: { card: 12000, cash: 250.5, bank: 36000, other: 0 },
  recentWatchSales: [
    {
      saleId: 31,
      itemId: 7,
      watch: 'Rolex Daytona',
      serial: 'RX-7',
      saleDate: '2026-03-08',
      salePrice: 24000,
      cost: 18500,
      profit: 5500,
      profitPercent: 29.7,
    },
    {
      saleId: 30,
      itemId: 4,
      watch: 'Omega Seamaster',
      serial: 'OM-4',
      saleDate: '2026-03-02',
      salePrice: 2900,
      cost: 3000,
      profit: -100,
      profitPercent: -3.3,
    },
    {
      saleId: 29,
      itemId: null,
      watch: 'SN-1',
      serial: 'SN-1',
      saleDate: '2026-02-27',
      salePrice: 500,
      cost: 0,
      profit: 500,
      profitPercent: null,
    },
  ],
};

const pin = (id: number, over: Partial<DashboardPin> = {}): DashboardPin => ({
  id,
  type: 'profit_loss',
  range: 'monthly',
  from: null,
  to: null,
  periodFrom: '2025-04-01',
  periodTo: '2026-03-09',
  totals: { sales: 120000, expenses: 30000, profit: -2500.5 },
  createdAt: '2026-03-01T10:00:00Z',
  ...over,
});

// Gold sees purchases, profit and costs; silver only where the shop allows it (issue 21: 'for silver' below).
function server(summary: unknown = SUMMARY, pins: DashboardPin[] = [], auth = authCheckAs('gold')) {
  let current = [...pins];
  const mock = createFetchMock({
    'GET /auth-check/': { body: auth },
    'GET /csrf/': { cookies: { csrftoken: 't' } },
    [`GET ${DASHBOARD}`]: { body: summary },
    [`GET ${PINS}`]: () => ({ body: { results: current, count: current.length } }),
  });
  for (const p of pins) {
    mock.on(`DELETE ${PINS}${p.id}/`, () => {
      current = current.filter((c) => c.id !== p.id);
      return { status: 204 };
    });
  }
  window.fetch = mock.fetch;
  return mock;
}

const widget = (title: string) => {
  const found = widgets.find((w) => w.title === title);
  if (!found) throw new Error(`no widget ${title}`);
  return found;
};

function renderWidgets(...titles: string[]) {
  return renderWithProviders(
    <>
      {titles.map((title) => {
        const { Component } = widget(title);
        return <Component key={title} />;
      })}
    </>,
    { route: '/dashboard' },
  );
}

const SalesSummary = () => {
  const { Component } = widget('Sales Summary');
  return <Component />;
};

const card = (title: string) => screen.getByRole('region', { name: title });
const pairs = (group: HTMLElement) => {
  const terms = within(group)
    .getAllByRole('term')
    .map((dt) => dt.textContent);
  const values = within(group)
    .getAllByRole('definition')
    .map((dd) => dd.textContent);
  return terms.map((term, i) => [term, values[i]]);
};

it('shows revenue this month and in all', async () => {
  server();
  renderWidgets('Revenue');
  await screen.findByText('£48,250.50');
  expect(card('Revenue')).toHaveTextContent('This month · £912,345.75 in all');
});

it('shows sales today, this week and this month', async () => {
  server();
  renderWidgets('Sales Summary');
  await screen.findByRole('group', { name: 'Sales' });
  expect(pairs(screen.getByRole('group', { name: 'Sales' }))).toEqual([
    ['Today', '£1,250.00'],
    ['This week', '£9,800.25'],
    ['This month', '£48,250.50'],
  ]);
});

it('shows purchases this month with how many items', async () => {
  server();
  renderWidgets('Purchases');
  await screen.findByText('£36,000.00');
  expect(card('Purchases')).toHaveTextContent('3 items bought this month');
});

it('shows a loss in Profit & Loss in red and marked', async () => {
  server();
  renderWidgets('Profit & Loss');
  const loss = await screen.findByText('-£1,520.40', { exact: false });
  expect(loss).toHaveAttribute('data-negative', 'true');
  expect(getComputedStyle(loss).color).toBe('rgb(248, 113, 113)');
  expect(within(card('Profit & Loss')).getByText('(loss)')).toBeInTheDocument();
});

it('shows sales by card, cash and bank (and other only when there is some)', async () => {
  server();
  renderWidgets('Sales by Method');
  await screen.findByRole('group', { name: 'Sales by method' });
  expect(pairs(screen.getByRole('group', { name: 'Sales by method' }))).toEqual([
    ['Card', '£12,000.00'],
    ['Cash', '£250.50'],
    ['Bank', '£36,000.00'],
  ]);
});

it('adds the other methods when some sales were paid another way', async () => {
  server({ ...SUMMARY, salesByMethod: { ...SUMMARY.salesByMethod, other: 80 } });
  renderWidgets('Sales by Method');
  const group = await screen.findByRole('group', { name: 'Sales by method' });
  expect(pairs(group).at(-1)).toEqual(['Other', '£80.00']);
});

it('lists recent watch sales with sale price and profit, a loss in red', async () => {
  server();
  renderWidgets('Recent Watch Sales');
  const table = await screen.findByRole('table', { name: 'Recent Watch Sales' });
  const rows = within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent));
  expect(rows).toEqual([
    ['Watch', 'Sale Price', 'Profit'],
    ['Rolex Daytona 8 Mar 2026', '£24,000.00', '£5,500.00 +29.7%'],
    ['Omega Seamaster 2 Mar 2026', '£2,900.00', '▼ -£100.00 (loss) -3.3%'],
    ['SN-1 27 Feb 2026', '£500.00', '£500.00'],
  ]);
});

describe('for silver, unless the shop lets silver see costs and profit', () => {
  // What the API answers silver (server/src/kernel/costs.ts): no purchases, no profit, no sale's cost or profit.
  const { purchases: _purchases, profitLoss: _profit, ...rest } = SUMMARY;
  const silverSummary = {
    ...rest,
    recentWatchSales: SUMMARY.recentWatchSales.map(
      ({ cost: _cost, profit: _p, profitPercent: _percent, ...sale }) => sale,
    ),
  };

  it('shows no Purchases or Profit & Loss card and no Profit column', async () => {
    server(silverSummary, [], authCheckAs('silver'));
    renderWidgets('Revenue', 'Purchases', 'Profit & Loss', 'Recent Watch Sales');
    const table = await screen.findByRole('table', { name: 'Recent Watch Sales' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Watch', 'Sale Price']);
    expect(screen.getByRole('region', { name: 'Revenue' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Purchases' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Profit & Loss' })).not.toBeInTheDocument();
  });

  it('shows them once the shop allows it', async () => {
    server(SUMMARY, [], authCheckAs('silver', { permissionSettings: { silverSeesCosts: true } }));
    renderWidgets('Purchases', 'Profit & Loss');
    expect(await screen.findByText('£36,000.00')).toBeInTheDocument();
    expect(card('Profit & Loss')).toBeInTheDocument();
  });

  it('shows a pinned report’s sales and expenses without its profit', async () => {
    const { profit: _profit, ...totals } = pin(1).totals;
    server(silverSummary, [pin(1, { type: 'sales', totals })], authCheckAs('silver'));
    renderWidgets('Pinned Reports');
    const group = await screen.findByRole('group', { name: /totals$/ });
    expect(pairs(group)).toEqual([
      ['Sales', '£120,000.00'],
      ['Expenses', '£30,000.00'],
    ]);
  });
});

it('says so when no watch has been sold', async () => {
  server({ ...SUMMARY, recentWatchSales: [] });
  renderWidgets('Recent Watch Sales');
  expect(await screen.findByText('No watches sold yet.')).toBeInTheDocument();
});

it('loads the summary once for all the widgets of a view', async () => {
  const mock = server();
  renderWidgets(
    'Revenue',
    'Sales Summary',
    'Purchases',
    'Profit & Loss',
    'Sales by Method',
    'Recent Watch Sales',
  );
  await screen.findByRole('table', { name: 'Recent Watch Sales' });
  expect(mock.callsTo('GET', DASHBOARD)).toHaveLength(1);
});

it('shows the cached figures at once on a later view, and new ones once a change elsewhere invalidates them', async () => {
  const mock = server();
  const first = renderWidgets('Sales Summary');
  await screen.findByRole('group', { name: 'Sales' });
  const { queryClient } = first;
  first.unmount();
  mock.on(`GET ${DASHBOARD}`, {
    body: { ...SUMMARY, sales: { today: 2500, week: 11050.25, month: 49500.5 } },
  });
  renderWithProviders(<SalesSummary />, { route: '/dashboard', queryClient });
  expect(screen.getByRole('group', { name: 'Sales' })).toHaveTextContent('£1,250.00');
  expect(mock.callsTo('GET', DASHBOARD)).toHaveLength(1);

  // What a Sell in the stock screens does: every figure under the dashboard root is asked again.
  await act(() => queryClient.invalidateQueries({ queryKey: ['dashboard'] }));
  await waitFor(() => expect(screen.getByRole('group', { name: 'Sales' })).toHaveTextContent('£2,500.00'));
  expect(mock.callsTo('GET', DASHBOARD)).toHaveLength(2);
});

it('shows a spinner while loading and an error with Retry in each widget of its own', async () => {
  const mock = server();
  let release: () => void = () => undefined;
  mock.on(
    `GET ${DASHBOARD}`,
    () =>
      new Promise((resolve) => (release = () => resolve({ status: 503, body: { detail: 'Try later.' } }))),
  );
  renderWidgets('Revenue', 'Purchases');
  expect(await screen.findByText('Loading Revenue...')).toBeInTheDocument();
  expect(screen.getByText('Loading Purchases...')).toBeInTheDocument();
  release();
  expect(await within(card('Revenue')).findByRole('alert')).toHaveTextContent('Try later.');
  expect(within(card('Purchases')).getByRole('alert')).toHaveTextContent('Try later.');

  mock.on(`GET ${DASHBOARD}`, { status: 500 });
  await userEvent.click(within(card('Purchases')).getByRole('button', { name: 'Retry' }));
  await waitFor(() =>
    expect(within(card('Purchases')).getByRole('alert')).toHaveTextContent('Failed to load Purchases.'),
  );
  mock.on(`GET ${DASHBOARD}`, { body: SUMMARY });
  await userEvent.click(within(card('Purchases')).getByRole('button', { name: 'Retry' }));
  await within(card('Purchases')).findByText('£36,000.00');
  // Both read one cached answer, so the Retry that fetched it mended both.
  expect(within(card('Revenue')).queryByRole('alert')).not.toBeInTheDocument();
  expect(card('Revenue')).toHaveTextContent('£48,250.50');
});

describe('Pinned Reports', () => {
  it('lists the user’s pins with their period and totals, a loss marked, each a link to its report', async () => {
    server(SUMMARY, [
      pin(1),
      pin(2, {
        type: 'sales',
        range: 'custom',
        from: '2026-01-01',
        to: '2026-01-31',
        periodFrom: '2026-01-01',
        periodTo: '2026-01-31',
        totals: { sales: 5000, expenses: 1200, profit: 3800 },
      }),
    ]);
    renderWidgets('Pinned Reports');
    const list = await screen.findByRole('list', { name: 'Pinned reports' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: 'Profit & Loss, Monthly' })).toHaveAttribute(
      'href',
      '/reports?type=profit_loss&range=monthly',
    );
    expect(items[0]).toHaveTextContent('1 Apr 2025 – 9 Mar 2026');
    expect(pairs(within(items[0]!).getByRole('group', { name: 'Profit & Loss, Monthly totals' }))).toEqual([
      ['Sales', '£120,000.00'],
      ['Expenses', '£30,000.00'],
      ['Profit', '▼ -£2,500.50 (loss)'],
    ]);
    expect(within(items[1]!).getByRole('link', { name: 'Sales, 1 Jan 2026 – 31 Jan 2026' })).toHaveAttribute(
      'href',
      '/reports?type=sales&range=custom&from=2026-01-01&to=2026-01-31',
    );
    expect(pairs(within(items[1]!).getByRole('group'))).toContainEqual(['Profit', '£3,800.00']);
  });

  describe('Unpin is undoable', () => {
    // The shell renders the one toaster; here the test does.
    const renderPins = () =>
      renderWithProviders(
        <>
          {(() => {
            const { Component } = widget('Pinned Reports');
            return <Component />;
          })()}
          <Toaster />
        </>,
        { route: '/dashboard' },
      );
    const user = () => userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    const runOut = () =>
      act(() => {
        jest.advanceTimersByTime(UNDO_MS + 100);
      });
    const titles = () =>
      within(screen.getByRole('region', { name: 'Pinned Reports' }))
        .queryAllByRole('heading', { level: 3 })
        .map((h) => h.textContent);

    beforeEach(() => jest.useFakeTimers());
    afterEach(() => {
      act(() => {
        clearToasts();
        jest.runOnlyPendingTimers();
      });
      jest.useRealTimers();
    });

    it('the pin leaves at once; the time running out sends the DELETE and the list is asked again', async () => {
      const mock = server(SUMMARY, [pin(1), pin(2, { type: 'sales' })]);
      renderPins();
      await screen.findByRole('list', { name: 'Pinned reports' });
      await user().click(screen.getByRole('button', { name: 'Unpin Profit & Loss, Monthly' }));
      expect(titles()).toEqual(['Sales, Monthly']);
      expect(await screen.findByText('Unpinned Profit & Loss, Monthly.')).toBeInTheDocument();
      expect(mock.callsTo('DELETE', `${PINS}1/`)).toHaveLength(0);

      const listed = mock.callsTo('GET', PINS).length;
      runOut();
      await waitFor(() => expect(mock.callsTo('DELETE', `${PINS}1/`)).toHaveLength(1));
      expect(mock.callsTo('DELETE', `${PINS}1/`)[0]?.headers['x-csrftoken']).toBe('t');
      await waitFor(() => expect(mock.callsTo('GET', PINS).length).toBeGreaterThan(listed));
      expect(titles()).toEqual(['Sales, Monthly']);
    });

    it('Undo puts the pin back in its place and nothing is deleted', async () => {
      const mock = server(SUMMARY, [pin(1), pin(2, { type: 'sales' })]);
      renderPins();
      await screen.findByRole('list', { name: 'Pinned reports' });
      const u = user();
      await u.click(screen.getByRole('button', { name: 'Unpin Profit & Loss, Monthly' }));
      await u.click(await screen.findByRole('button', { name: 'Undo' }));
      expect(titles()).toEqual(['Profit & Loss, Monthly', 'Sales, Monthly']);
      runOut();
      expect(mock.callsTo('DELETE', `${PINS}1/`)).toHaveLength(0);
    });

    it('the last pin unpinned shows how to pin one, until Undo', async () => {
      server(SUMMARY, [pin(1)]);
      renderPins();
      await screen.findByRole('list', { name: 'Pinned reports' });
      const u = user();
      await u.click(screen.getByRole('button', { name: 'Unpin Profit & Loss, Monthly' }));
      expect(screen.getByText(/No pinned reports yet\./)).toBeInTheDocument();
      await u.click(await screen.findByRole('button', { name: 'Undo' }));
      expect(titles()).toEqual(['Profit & Loss, Monthly']);
    });

    it('leaving the dashboard before the toast closes sends the DELETE, never drops it', async () => {
      const mock = server(SUMMARY, [pin(1)]);
      const view = renderPins();
      await screen.findByRole('list', { name: 'Pinned reports' });
      await user().click(screen.getByRole('button', { name: 'Unpin Profit & Loss, Monthly' }));
      view.unmount();
      await waitFor(() => expect(mock.callsTo('DELETE', `${PINS}1/`)).toHaveLength(1));
    });

    it('keeps a pin that could not be unpinned and says why', async () => {
      const mock = server(SUMMARY, [pin(1)]);
      mock.on(`DELETE ${PINS}1/`, { status: 404, body: { detail: 'Not found.' } });
      renderPins();
      await user().click(await screen.findByRole('button', { name: 'Unpin Profit & Loss, Monthly' }));
      runOut();
      expect(await screen.findByRole('alert')).toHaveTextContent('Profit & Loss, Monthly: Not found.');
      expect(screen.getByRole('button', { name: 'Unpin Profit & Loss, Monthly' })).toBeEnabled();
    });
  });

  it('tells how to pin a report when there is none', async () => {
    server();
    renderWidgets('Pinned Reports');
    expect(await screen.findByText(/No pinned reports yet\./)).toHaveTextContent(
      'No pinned reports yet. Choose a report in Reports and press Add to Dash.',
    );
    expect(screen.getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/reports');
  });

  it('shows its own error when the pins fail to load', async () => {
    const mock = server();
    mock.on(`GET ${PINS}`, { status: 500 });
    renderWidgets('Pinned Reports', 'Revenue');
    expect(await within(await waitFor(() => card('Pinned Reports'))).findByRole('alert')).toHaveTextContent(
      'Failed to load Pinned Reports.',
    );
    await within(card('Revenue')).findByText('£48,250.50');
  });
});
