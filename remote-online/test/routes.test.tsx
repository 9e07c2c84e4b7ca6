import { readFileSync } from 'node:fs';
import path from 'node:path';
import { absoluteRoutes } from '@loupe/platform';
import list from '@loupe/platform/remotes.json';
import { authCheckAs, createFetchMock, renderWithProviders } from '@loupe/platform/testing';
import { screen } from '@testing-library/react';
import routes from '../src/routes';

const titles: [string, string][] = [
  ['/online/enquiries', 'Enquiries'],
  ['/online/enquiries/:id', 'Enquiry'],
];

const screens = absoluteRoutes(routes);

interface MenuLink {
  order: number;
  label: string;
  to: string;
  action?: string;
}
const menus = JSON.parse(readFileSync(path.join(__dirname, '..', 'menus.json'), 'utf8')) as {
  sidebar: MenuLink[];
};

beforeEach(() => {
  globalThis.fetch = createFetchMock({ 'GET /auth-check/': { body: authCheckAs('gold') } }).fetch;
});

it('groups its screens under the prefix the remotes list gives it', () => {
  expect(Object.keys(routes)).toEqual(
    list.remotes.find((remote) => remote.dir === 'remote-online')?.prefixes,
  );
});

it('exposes enquiries to every member', () => {
  expect(screens.map((route) => route.path)).toEqual(titles.map(([path]) => path));
  const roles = Object.fromEntries(screens.map((route) => [route.path, route.roles]));
  expect(roles).toEqual({
    '/online/enquiries': undefined,
    '/online/enquiries/:id': undefined,
  });
});

it('puts Enquiries in the sidebar for everyone', () => {
  expect(menus).toEqual({
    sidebar: [{ order: 107, label: 'Enquiries', to: '/online/enquiries' }],
  });
  const paths = screens.map((route) => route.path);
  for (const entry of menus.sidebar) expect(paths).toContain(entry.to);
});

it.each(titles)('%s is titled "%s", on the page and in the document', async (path, title) => {
  const route = screens.find((candidate) => candidate.path === path);
  renderWithProviders(<>{route?.element}</>, { route: path.replace(':id', '7'), path });
  expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  expect(document.title).toBe(`${title} · Loupe`);
});
