import { screen } from '@testing-library/react';
import { authCheckAs, createFetchMock, renderWithProviders } from '@loupe/platform/testing';
import routes from '../src/routes';
import { makeItem } from './support/fake-inventory';

const titles: [string, string][] = [
  ['/stock/watches', 'Inventory - Watches'],
  ['/stock/jewellery', 'Inventory - Jewellery'],
  ['/stock/accessories', 'Inventory - Accessories'],
  ['/inventory/all', 'All Inventory Stock'],
  ['/inventory/add', 'Add Inventory Item'],
  ['/inventory/edit/:id', 'Edit Inventory Item'],
  ['/inventory/available', 'In Stock'],
  ['/inventory/checked-out', 'Checked Out'],
  ['/inventory/manage', 'Manage Inventory'],
];

beforeEach(() => {
  globalThis.fetch = createFetchMock({
    'GET /auth-check/': { body: authCheckAs('silver') },
    'GET /api/items/': { body: { results: [], count: 0 } },
    'GET /api/items/7/': { body: makeItem({ id: 7 }) },
  }).fetch;
});

it('exposes exactly the inventory screens of the specification, open to every role', () => {
  expect(routes.map((route) => route.path)).toEqual(titles.map(([path]) => path));
  expect(routes.every((route) => route.roles === undefined)).toBe(true);
});

it.each(titles)('%s is titled "%s"', async (path, title) => {
  const route = routes.find((candidate) => candidate.path === path);
  renderWithProviders(<>{route?.element}</>, { route: path.replace(':id', '7'), path });
  expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
});
