import type { StockAging } from '@loupe/contracts';
import { authCheckAs, createFetchMock, renderWithProviders } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import widgets from '../src/widgets';

const AGING: StockAging = {
  today: '2026-11-23',
  over90: { count: 5, cost: 41250.5 },
  averageDaysToSell: 37.5,
  salesCounted: 12,
  from: '2025-11-24',
  to: '2026-11-23',
  memoOverdue: [
    {
      checkoutId: 8,
      itemId: 21,
      serial: 'RX-21',
      brand: 'Rolex',
      model: 'Submariner',
      clientId: 4,
      clientName: 'Ada Lovelace',
      dueDate: '2026-11-10',
      daysOverdue: 13,
      agreedPrice: 9000,
    },
  ],
  memoOverdueCount: 1,
  consignmentOverdue: [
    {
      itemId: 30,
      serial: 'CA-30',
      brand: 'Cartier',
      model: 'Santos',
      supplierId: 6,
      supplierName: 'Grace Hopper',
      returnBy: '2026-11-13',
      daysOverdue: 10,
      agreedCost: 4200,
    },
  ],
  consignmentOverdueCount: 3,
};

// Gold sees the 90+ card's cost; silver only where the shop allows it (issue 21, the last tests).
function server(aging: unknown = AGING, status = 200, auth = authCheckAs('gold')) {
  const mock = createFetchMock({
    'GET /auth-check/': { body: auth },
    'GET /api/stock/aging/': { status, body: aging },
  });
  window.fetch = mock.fetch;
  return mock;
}

function renderWidgets(...titles: string[]) {
  return renderWithProviders(
    <>
      {titles.map((title) => {
        const found = widgets.find((w) => w.title === title);
        if (!found) throw new Error(`no widget ${title}`);
        const { Component } = found;
        return <Component key={title} />;
      })}
    </>,
    { route: '/dashboard' },
  );
}

const ALL = ['Aged stock (90+ days)', 'Approvals past due', 'Consignments past return-by'];

it('the 90+ day card shows the count, the cost and the average days to sell, the three cards from one request', async () => {
  const mock = server();
  renderWidgets(...ALL);
  const card = await screen.findByRole('region', { name: 'Aged stock (90+ days)' });
  expect(await within(card).findByText('5')).toBeInTheDocument();
  expect(within(card).getByText('5 items in stock 90 days or more · £41,250.50 at cost')).toBeInTheDocument();
  expect(
    within(card).getByText('Average days to sell: 37.5 (over 12 sales in the last year)'),
  ).toBeInTheDocument();
  await screen.findByRole('table', { name: 'Approvals past due' });
  expect(mock.callsTo('GET', '/api/stock/aging/')).toHaveLength(1);
});

it('says when there were no sales to average', async () => {
  server({ ...AGING, averageDaysToSell: null, salesCounted: 0, over90: { count: 1, cost: 0 } });
  renderWidgets('Aged stock (90+ days)');
  expect(await screen.findByText('Average days to sell: no sales in the last year')).toBeInTheDocument();
  expect(screen.getByText('1 item in stock 90 days or more · £0.00 at cost')).toBeInTheDocument();
});

it('shows silver the count without the cost, unless the shop lets silver see costs', async () => {
  // The API leaves the cost out for silver (server/src/kernel/costs.ts).
  const { cost: _cost, ...count } = AGING.over90;
  server({ ...AGING, over90: count }, 200, authCheckAs('silver'));
  const { unmount } = renderWidgets('Aged stock (90+ days)');
  const card = await screen.findByRole('region', { name: 'Aged stock (90+ days)' });
  expect(await within(card).findByText('5 items in stock 90 days or more')).toBeInTheDocument();
  expect(within(card).queryByText(/at cost/)).not.toBeInTheDocument();
  unmount();

  server(AGING, 200, authCheckAs('silver', { permissionSettings: { silverSeesCosts: true } }));
  renderWidgets('Aged stock (90+ days)');
  expect(
    await screen.findByText('5 items in stock 90 days or more · £41,250.50 at cost'),
  ).toBeInTheDocument();
});

it('Approvals past due lists client, item (linked), due date and days overdue', async () => {
  server();
  renderWidgets('Approvals past due');
  const table = await screen.findByRole('table', { name: 'Approvals past due' });
  const rows = within(table)
    .getAllByRole('row')
    .map((r) => Array.from(r.children).map((c) => c.textContent));
  expect(rows).toEqual([
    ['Client', 'Item', 'Due', 'Overdue'],
    ['Ada Lovelace', 'Rolex Submariner (RX-21)', '10 Nov 2026', '13 days'],
  ]);
  expect(within(table).getByRole('link', { name: 'Open item RX-21' })).toHaveAttribute(
    'href',
    '/inventory/edit/21',
  );
});

it('Consignments past return-by links each item and says when the list is cut short', async () => {
  server();
  renderWidgets('Consignments past return-by');
  const table = await screen.findByRole('table', { name: 'Consignments past return-by' });
  const rows = within(table)
    .getAllByRole('row')
    .map((r) => Array.from(r.children).map((c) => c.textContent));
  expect(rows).toEqual([
    ['Item', 'Supplier', 'Return by', 'Overdue'],
    ['Cartier Santos (CA-30)', 'Grace Hopper', '13 Nov 2026', '10 days'],
  ]);
  expect(within(table).getByRole('link', { name: 'Open item CA-30' })).toHaveAttribute(
    'href',
    '/inventory/edit/30',
  );
  expect(screen.getByText('Showing the 1 most overdue of 3.')).toBeInTheDocument();
});

it('the lists say so when nothing is past due', async () => {
  server({
    ...AGING,
    memoOverdue: [],
    memoOverdueCount: 0,
    consignmentOverdue: [],
    consignmentOverdueCount: 0,
  });
  renderWidgets('Approvals past due', 'Consignments past return-by');
  expect(await screen.findByText('No approvals past their due date.')).toBeInTheDocument();
  expect(screen.getByText('No consignments past their return-by date.')).toBeInTheDocument();
  expect(screen.queryByText(/most overdue/)).not.toBeInTheDocument();
});

it('shows a failure with Retry, and retrying loads the figures', async () => {
  const mock = server({ detail: 'boom' }, 500);
  renderWidgets('Aged stock (90+ days)');
  expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load aged stock figures.');
  mock.on('GET /api/stock/aging/', { body: AGING });
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  await waitFor(() => expect(screen.getByText('5')).toBeInTheDocument());
});
