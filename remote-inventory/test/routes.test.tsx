import { screen } from '@testing-library/react';
import { authCheckAs, createFetchMock, renderWithProviders } from '@loupe/platform/testing';
import { absoluteRoutes } from '@loupe/platform';
import list from '@loupe/platform/remotes.json';
import routes from '../src/routes';
import { makeItem } from './support/fake-inventory';

const titles: [string, string][] = [
  ['/stock/watches', 'Inventory - Watches'],
  ['/stock/jewellery', 'Inventory - Jewellery'],
  ['/stock/accessories', 'Inventory - Accessories'],
  ['/inventory/all', 'All Inventory Stock'],
  ['/inventory/add', 'Add Inventory Item'],
  ['/inventory/edit/:id', 'Edit Inventory Item'],
  // Issue 21: the item page is titled by the item (makeItem({ id: 7 }) below).
  ['/inventory/item/:id', 'Rolex Daytona — SN0007'],
  ['/inventory/available', 'In Stock'],
  ['/inventory/checked-out', 'Checked Out'],
  ['/inventory/manage', 'Manage Inventory'],
  ['/inventory/labels', 'Print Labels'],
  ['/inventory/stock-take', 'Stock Take'],
  ['/inventory/stock-take/:id', 'Stock Take'],
];

const screens = absoluteRoutes(routes);

beforeEach(() => {
  globalThis.fetch = createFetchMock({
    'GET /auth-check/': { body: authCheckAs('silver') },
    'GET /api/items/': { body: { results: [], count: 0 } },
    'GET /api/items/7/': { body: makeItem({ id: 7 }) },
  }).fetch;
});

it('exposes exactly the inventory screens of the specification and the item page, open to every role', () => {
  expect(screens.map((route) => route.path)).toEqual(titles.map(([path]) => path));
  expect(screens.every((route) => route.roles === undefined)).toBe(true);
});

it('groups its screens under the prefixes the remotes list gives it', () => {
  expect(Object.keys(routes)).toEqual(
    list.remotes.find((remote) => remote.dir === 'remote-inventory')?.prefixes,
  );
});

it.each(titles)('%s is titled "%s", on the page and in the document', async (path, title) => {
  const route = screens.find((candidate) => candidate.path === path);
  renderWithProviders(<>{route?.element}</>, { route: path.replace(':id', '7'), path });
  expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  expect(document.title).toBe(`${title} · Loupe`);
});
