import { screen } from '@testing-library/react';
import { authCheckAs, createFetchMock, renderWithProviders } from '@loupe/platform/testing';
import routes from '../src/routes';
import widgets from '../src/widgets';

const titles: [string, string][] = [
  ['/clients', 'Clients'],
  ['/clients/add', 'Add Client'],
  ['/clients/edit/:id', 'Edit Client'],
];

beforeEach(() => {
  globalThis.fetch = createFetchMock({ 'GET /auth-check/': { body: authCheckAs('silver') } }).fetch;
});

it('exposes exactly the client screens of the specification', () => {
  expect(routes.map((route) => route.path)).toEqual(titles.map(([path]) => path));
  expect(routes.every((route) => route.roles === undefined)).toBe(true);
});

it.each(titles)('%s is titled "%s"', async (path, title) => {
  const route = routes.find((candidate) => candidate.path === path);
  renderWithProviders(<>{route?.element}</>, { route: path.replace(':id', '7'), path });
  expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
});

it('contributes no dashboard widgets', () => {
  expect(widgets).toEqual([]);
});
