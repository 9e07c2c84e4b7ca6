import { screen } from '@testing-library/react';
import { authCheckAs, createFetchMock, renderWithProviders } from '@loupe/platform/testing';
import { absoluteRoutes } from '@loupe/platform';
import list from '@loupe/platform/remotes.json';
import routes from '../src/routes';
import widgets from '../src/widgets';

const titles: [string, string][] = [
  ['/expenses', 'Add Expense'],
  ['/quicksales', 'Add Quick Sale'],
  ['/expenselist', 'Expense List'],
  ['/reports', 'Reports'],
  ['/reports/margins', 'Margin by Brand'],
  ['/reports/stock-book', 'Stock Book'],
  ['/invoices', 'Invoices'],
  ['/compliance', 'Compliance'],
  ['/compliance/reports', 'Suspicious activity reports'],
  ['/compliance/sanctions', 'Sanctions screening'],
  ['/compliance/retention', 'Retention review'],
  ['/compliance/risk-assessment', 'Risk assessment'],
  ['/deals', 'Deals'],
  ['/deals/new', 'New deal'],
  ['/deals/:id', 'Deal'],
  ['/purchases', 'Purchases'],
  ['/purchases/new', 'Buy In'],
  ['/purchases/:id', 'Purchase'],
];

const screens = absoluteRoutes(routes);

beforeEach(() => {
  globalThis.fetch = createFetchMock({ 'GET /auth-check/': { body: authCheckAs('silver') } }).fetch;
});

it('exposes exactly the finance screens of the specification, issue 13’s Invoices and Compliance, issue 14’s Margin by Brand, issue 20’s Deals and issue 22’s Stock Book and Purchases', () => {
  expect(screens.map((route) => route.path)).toEqual(titles.map(([path]) => path));
  expect(screens.every((route) => route.roles === undefined)).toBe(true);
});

it('groups its screens under the prefixes the remotes list gives it', () => {
  expect(Object.keys(routes)).toEqual(
    list.remotes.find((remote) => remote.dir === 'remote-finance')?.prefixes,
  );
});

it.each(titles)('%s is titled "%s", on the page and in the document', async (path, title) => {
  const route = screens.find((candidate) => candidate.path === path);
  renderWithProviders(<>{route?.element}</>, { route: path.replace(':id', '7'), path });
  expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  expect(document.title).toBe(`${title} · Loupe`);
});

it('contributes its dashboard widgets at the places the team allocated', () => {
  expect(widgets.map(({ title, tab, order }) => ({ title, tab, order }))).toEqual([
    { title: 'Revenue', tab: undefined, order: 40 },
    { title: 'Sales Summary', tab: 'stats', order: 110 },
    { title: 'Purchases', tab: 'stats', order: 120 },
    { title: 'Profit & Loss', tab: 'stats', order: 130 },
    { title: 'Sales by Method', tab: 'stats', order: 150 },
    { title: 'Recent Watch Sales', tab: 'stats', order: 160 },
    { title: 'Overdue layaways', tab: 'stats', order: 148 },
    { title: 'Pinned Reports', tab: 'stats', order: 180 },
  ]);
  expect(new Set(widgets.map((widget) => widget.id)).size).toBe(widgets.length);
});
