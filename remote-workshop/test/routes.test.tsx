import { screen } from '@testing-library/react';
import { authCheckAs, createFetchMock, renderWithProviders } from '@loupe/platform/testing';
import { absoluteRoutes } from '@loupe/platform';
import list from '@loupe/platform/remotes.json';
import routes from '../src/routes';

const titles: [string, string][] = [
  ['/workshop', 'Workshop'],
  ['/workshop/list', 'Workshop jobs'],
  ['/workshop/new', 'New job'],
  ['/workshop/jobs/:id', 'Job'],
  ['/workshop/uncollected', 'Uncollected pieces'],
];

const screens = absoluteRoutes(routes);

beforeEach(() => {
  globalThis.fetch = createFetchMock({ 'GET /auth-check/': { body: authCheckAs('silver') } }).fetch;
});

it('exposes the board, the list, intake and the job page of issue 23, to every member', () => {
  expect(screens.map((route) => route.path)).toEqual(titles.map(([path]) => path));
  expect(screens.every((route) => route.roles === undefined)).toBe(true);
});

it('groups its screens under the prefix the remotes list gives it', () => {
  expect(Object.keys(routes)).toEqual(
    list.remotes.find((remote) => remote.dir === 'remote-workshop')?.prefixes,
  );
});

it.each(titles)('%s is titled "%s", on the page and in the document', async (path, title) => {
  const route = screens.find((candidate) => candidate.path === path);
  renderWithProviders(<>{route?.element}</>, { route: path.replace(':id', '7'), path });
  expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  expect(document.title).toBe(`${title} · Loupe`);
});
