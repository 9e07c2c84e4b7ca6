import type { InventorySummary } from '@loupe/contracts';
import { authCheckAs, createFetchMock, renderWithProviders } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import widgets from '../src/widgets';

const SUMMARY: InventorySummary = {
  byStockType: {
    Watches: { count: 42, value: 312450.5 },
    Jewellery: { count: 1, value: 980 },
    Accessories: { count: 7, value: 1200 },
  },
  byStatus: { available: 30, checked_out: 12, reserved: 2, unavailable: 8, sold: 19 },
  inStockCount: 50,
  inStockValue: 314630.5,
  recentPurchases: [
    {
      id: 3,
      name: 'Rolex Daytona',
      serial: 'RX-3',
      purchasePrice: 18500,
      retailPrice: 24000,
      expectedMarkupPercent: 29.7,
      purchasedOn: '2026-02-01',
    },
    {
      id: 2,
      name: 'Omega Seamaster',
      serial: 'OM-2',
      purchasePrice: 3000,
      retailPrice: 2900,
      expectedMarkupPercent: -3.3,
      purchasedOn: '2026-01-20',
    },
    {
      id: 1,
      name: 'SN-1',
      serial: 'SN-1',
      purchasePrice: 500,
      retailPrice: null,
      expectedMarkupPercent: null,
      purchasedOn: '2026-01-02',
    },
  ],
};

function server(summary: unknown = SUMMARY, status = 200, role: 'gold' | 'silver' = 'gold') {
  const mock = createFetchMock({
    'GET /auth-check/': { body: authCheckAs(role) },
    'GET /api/items/summary/': { status, body: summary },
  });
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

it('contributes its widgets at the allocated places', () => {
  expect(widgets.map(({ id, title, tab, order }) => ({ id, title, tab, order }))).toEqual([
    { id: 'total-watches', title: 'Total Watches', tab: undefined, order: 10 },
    { id: 'jewellery', title: 'Jewellery', tab: undefined, order: 20 },
    { id: 'stock-summary', title: 'Stock Summary', tab: 'stats', order: 140 },
    { id: 'recent-purchases', title: 'Recent Purchases', tab: 'stats', order: 170 },
    { id: 'aged-stock', title: 'Aged stock (90+ days)', tab: 'stats', order: 145 },
    { id: 'approvals-past-due', title: 'Approvals past due', tab: 'stats', order: 146 },
    { id: 'consignments-past-return', title: 'Consignments past return-by', tab: 'stats', order: 147 },
  ]);
});

it('Total Watches and Jewellery show the counts and value in stock, from one shared request', async () => {
  const mock = server();
  renderWidgets('Total Watches', 'Jewellery', 'Stock Summary', 'Recent Purchases');
  const watches = await screen.findByRole('region', { name: 'Total Watches' });
  expect(await within(watches).findByText('42')).toBeInTheDocument();
  expect(await within(watches).findByText('42 watches in stock · £312,450.50 at cost')).toBeInTheDocument();
  const jewellery = screen.getByRole('region', { name: 'Jewellery' });
  expect(within(jewellery).getByText('1 piece in stock · £980.00 at cost')).toBeInTheDocument();
  expect(mock.callsTo('GET', '/api/items/summary/')).toHaveLength(1);
});

it('Stock Summary shows available against in stock with an accessible progress bar', async () => {
  server();
  renderWidgets('Stock Summary');
  const bar = await screen.findByRole('progressbar', { name: 'Available items in stock' });
  expect(bar).toHaveAttribute('aria-valuenow', '30');
  expect(bar).toHaveAttribute('aria-valuemax', '50');
  expect(bar).toHaveAttribute('aria-valuetext', '30 of 50 available');
  const card = screen.getByRole('region', { name: 'Stock Summary' });
  expect(within(card).getByText('30 items available of 50 items in stock (60%)')).toBeInTheDocument();
  expect(within(card).getByText('£314,630.50')).toBeInTheDocument();
  // Issue 20: items held on a layaway are counted apart.
  expect(within(card).getByText('Reserved').nextElementSibling).toHaveTextContent('2');
});

it('Stock Summary copes with an empty shop', async () => {
  server({
    ...SUMMARY,
    byStatus: { available: 0, checked_out: 0, reserved: 0, unavailable: 0, sold: 0 },
    inStockCount: 0,
    inStockValue: 0,
  });
  renderWidgets('Stock Summary');
  const bar = await screen.findByRole('progressbar');
  expect(bar).toHaveAttribute('aria-valuenow', '0');
  expect(screen.getByText('0 items available of 0 items in stock (0%)')).toBeInTheDocument();
});

it('Recent Purchases lists watch, purchase price and expected markup', async () => {
  server();
  renderWidgets('Recent Purchases');
  const table = await screen.findByRole('table', { name: 'Recent Purchases' });
  await within(table).findByRole('columnheader', { name: 'Purchase Price' });
  const rows = within(table)
    .getAllByRole('row')
    .map((r) => Array.from(r.children).map((c) => c.textContent));
  expect(rows).toEqual([
    ['Watch', 'Purchase Price', 'Expected Markup'],
    ['Rolex Daytona', '£18,500.00', '+29.7%'],
    ['Omega Seamaster', '£3,000.00', '-3.3%'],
    ['SN-1', '£500.00', '—'],
  ]);
});

it('shows a silver member no value at cost, purchase price or markup (the shop has not allowed it)', async () => {
  server(SUMMARY, 200, 'silver');
  renderWidgets('Total Watches', 'Recent Purchases');
  const watches = await screen.findByRole('region', { name: 'Total Watches' });
  expect(await within(watches).findByText('42 watches in stock')).toBeInTheDocument();
  const table = await screen.findByRole('table', { name: 'Recent Purchases' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(['Watch']);
  expect(screen.queryByText(/at cost/)).not.toBeInTheDocument();
});

it('Recent Purchases says so when there are none', async () => {
  server({ ...SUMMARY, recentPurchases: [] });
  renderWidgets('Recent Purchases');
  expect(await screen.findByText('No watches bought yet.')).toBeInTheDocument();
});

it('shows a failure with Retry, and retrying loads the figures', async () => {
  const mock = server({ detail: 'boom' }, 500);
  renderWidgets('Total Watches');
  expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load stock figures.');
  mock.on('GET /api/items/summary/', { body: SUMMARY });
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  await waitFor(() => expect(screen.getByText('42')).toBeInTheDocument());
});
