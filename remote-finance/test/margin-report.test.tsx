import { COSTS_NOT_ALLOWED, type MarginReport } from '@loupe/contracts';
import { authCheckAs, createFetchMock, renderWithProviders, type FetchMock } from '@loupe/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MarginReportPage } from '../src/features/margins/components/margin-report-page';
import { ReportsPage } from '../src/features/reports/components/reports-page';

const MARGINS = '/api/reports/margins/';

const REPORT: MarginReport = {
  from: '2026-01-01',
  to: '2026-06-30',
  currency: 'GBP',
  rows: [
    {
      brand: 'Rolex',
      label: 'Rolex',
      sales: 3,
      salesGbp: 30000,
      costGbp: 24000.5,
      marginGbp: 5999.5,
      marginPercent: 20,
      repairGbp: 350,
      shopMarginGbp: 5649.5,
    },
    {
      brand: '',
      label: '(No brand)',
      sales: 1,
      salesGbp: 900,
      costGbp: 1000,
      marginGbp: -100,
      marginPercent: -11.1,
    },
  ],
  totals: {
    brand: '',
    label: '',
    sales: 4,
    salesGbp: 30900,
    costGbp: 25000.5,
    marginGbp: 5899.5,
    marginPercent: 19.1,
    repairGbp: 350,
    shopMarginGbp: 5549.5,
  },
};

let mock: FetchMock;
beforeEach(() => {
  mock = createFetchMock({
    'GET /auth-check/': { body: authCheckAs('gold') },
    [`GET ${MARGINS}`]: { body: REPORT },
  });
  window.fetch = mock.fetch;
});

const renderPage = (route = '/reports/margins?from=2026-01-01&to=2026-06-30') =>
  renderWithProviders(<MarginReportPage />, { route, path: '/reports/margins' });

it('shows each brand with sales, cost of goods sold, margin and margin %, the workshop’s repairs and the margin after them, and a totals row', async () => {
  renderPage();
  const table = await screen.findByRole('table', { name: 'Margin by brand' });
  const rows = within(table)
    .getAllByRole('row')
    .map((r) => Array.from(r.children).map((c) => c.textContent));
  expect(rows).toEqual([
    [
      'Brand',
      'Sales',
      'Sales £',
      'Cost of goods sold £',
      'Margin £',
      'Margin %',
      'Repairs £',
      'Margin after repairs £',
    ],
    ['Rolex', '3', '£30,000.00', '£24,000.50', '£5,999.50', '20.0%', '£350.00', '£5,649.50'],
    // A report from a service built before repairs were counted: none, and the margin is the shop's.
    ['(No brand)', '1', '£900.00', '£1,000.00', '▼ -£100.00 (loss)', '-11.1%', '£0.00', '▼ -£100.00 (loss)'],
    ['Total', '4', '£30,900.00', '£25,000.50', '£5,899.50', '19.1%', '£350.00', '£5,549.50'],
  ]);
  const [call] = mock.callsTo('GET', MARGINS);
  expect(new URL(call!.url, 'http://x').searchParams.toString()).toBe('from=2026-01-01&to=2026-06-30');
});

it('reads From and To from the address and links the CSV of the same range', async () => {
  renderPage();
  expect(await screen.findByLabelText('From')).toHaveValue('2026-01-01');
  expect(screen.getByLabelText('To')).toHaveValue('2026-06-30');
  await screen.findByRole('table', { name: 'Margin by brand' });
  expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
    'href',
    '/api/api/reports/margins/csv/?from=2026-01-01&to=2026-06-30',
  );
});

it('changing a day asks for the new range', async () => {
  renderPage();
  await screen.findByRole('table', { name: 'Margin by brand' });
  const from = screen.getByLabelText('From');
  await userEvent.clear(from);
  await userEvent.type(from, '2026-03-01');
  await waitFor(() =>
    expect(mock.callsTo('GET', MARGINS).some((c) => c.url.includes('from=2026-03-01&to=2026-06-30'))).toBe(
      true,
    ),
  );
  expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
    'href',
    '/api/api/reports/margins/csv/?from=2026-03-01&to=2026-06-30',
  );
});

it('a range that ends before it starts is not asked for, and says why', async () => {
  renderPage('/reports/margins?from=2026-07-01&to=2026-06-30');
  expect(await screen.findByText('To must be on or after From.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  expect(mock.callsTo('GET', MARGINS)).toHaveLength(0);
});

it('shows the service’s range error at its field', async () => {
  mock.on(`GET ${MARGINS}`, { status: 400, body: { from: ['A range covers at most 3660 days.'] } });
  renderPage('/reports/margins?from=2000-01-01&to=2026-06-30');
  expect(await screen.findByText('A range covers at most 3660 days.')).toBeInTheDocument();
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});

it('says when no item was sold in the days', async () => {
  mock.on(`GET ${MARGINS}`, { body: { ...REPORT, rows: [], totals: { ...REPORT.totals, sales: 0 } } });
  renderPage();
  expect(await screen.findByText('No item sales in these days.')).toBeInTheDocument();
});

it('opens on this month when the address names no days', async () => {
  renderPage('/reports/margins');
  await screen.findByRole('table', { name: 'Margin by brand' });
  const [call] = mock.callsTo('GET', MARGINS);
  const params = new URL(call!.url, 'http://x').searchParams;
  expect(params.get('from')).toMatch(/^\d{4}-\d{2}-01$/);
  expect(params.get('to')?.slice(0, 8)).toBe(params.get('from')?.slice(0, 8));
});

it('Reports links to the margin report', async () => {
  renderWithProviders(<ReportsPage />, { route: '/reports' });
  expect(await screen.findByRole('link', { name: 'Margin by Brand' })).toHaveAttribute(
    'href',
    '/reports/margins',
  );
});

it('tells a silver member margins are not theirs, and asks for none, unless the shop allows it', async () => {
  mock.on('GET /auth-check/', { body: authCheckAs('silver') });
  renderPage();
  expect(await screen.findByText(COSTS_NOT_ALLOWED)).toBeInTheDocument();
  expect(mock.callsTo('GET', MARGINS)).toHaveLength(0);
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});

it('shows the report to silver where the shop lets silver see costs and profit', async () => {
  mock.on('GET /auth-check/', {
    body: authCheckAs('silver', { permissionSettings: { silverSeesCosts: true } }),
  });
  renderPage();
  expect(await screen.findByRole('table', { name: 'Margin by brand' })).toBeInTheDocument();
});
