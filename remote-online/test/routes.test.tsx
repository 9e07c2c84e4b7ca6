import { readFileSync } from 'node:fs';
import path from 'node:path';
import { rolesThatCan } from '@loupe/contracts';
import { absoluteRoutes } from '@loupe/platform';
import list from '@loupe/platform/remotes.json';
import { authCheckAs, createFetchMock, renderWithProviders } from '@loupe/platform/testing';
import { screen } from '@testing-library/react';
import routes from '../src/routes';

const titles: [string, string][] = [
  ['/online/enquiries', 'Enquiries'],
  ['/online/enquiries/:id', 'Enquiry'],
  ['/online/channels', 'Online Selling'],
  ['/online/reports', 'Chrono24 sale reports'],
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
  userMenu: MenuLink[];
};

beforeEach(() => {
  globalThis.fetch = createFetchMock({ 'GET /auth-check/': { body: authCheckAs('gold') } }).fetch;
});

it('groups its screens under the prefix the remotes list gives it', () => {
  expect(Object.keys(routes)).toEqual(
    list.remotes.find((remote) => remote.dir === 'remote-online')?.prefixes,
  );
});

it('exposes enquiries and the sale reports to every member, the channels to those who manage them', () => {
  expect(screens.map((route) => route.path)).toEqual(titles.map(([path]) => path));
  const roles = Object.fromEntries(screens.map((route) => [route.path, route.roles]));
  expect(roles).toEqual({
    '/online/enquiries': undefined,
    '/online/enquiries/:id': undefined,
    '/online/channels': rolesThatCan('manageChannels'),
    '/online/reports': undefined,
  });
  expect(rolesThatCan('manageChannels')).toEqual(['platinum', 'gold']);
});

it('puts Enquiries in the sidebar for everyone and Online Selling in the user menu for those who manage channels', () => {
  expect(menus).toEqual({
    sidebar: [{ order: 107, label: 'Enquiries', to: '/online/enquiries' }],
    userMenu: [{ order: 45, label: 'Online Selling', to: '/online/channels', action: 'manageChannels' }],
  });
  const paths = screens.map((route) => route.path);
  for (const entry of [...menus.sidebar, ...menus.userMenu]) expect(paths).toContain(entry.to);
});

it.each(titles)('%s is titled "%s", on the page and in the document', async (path, title) => {
  const route = screens.find((candidate) => candidate.path === path);
  renderWithProviders(<>{route?.element}</>, { route: path.replace(':id', '7'), path });
  expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  expect(document.title).toBe(`${title} · Loupe`);
});
