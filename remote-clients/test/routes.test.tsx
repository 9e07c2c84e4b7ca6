import { renderWithProviders } from '@loupe/platform/testing';
import { screen } from '@testing-library/react';
import { absoluteRoutes } from '@loupe/platform';
import list from '@loupe/platform/remotes.json';
import routes from '../src/routes';
import widgets from '../src/widgets';
import { FakeClientsServer, makeClient } from './support/fake-clients';

const titles: [string, string][] = [
  ['/clients', 'Clients'],
  ['/clients/add', 'Add Client'],
  ['/clients/edit/:id', 'Edit Client'],
];

const screens = absoluteRoutes(routes);

beforeEach(() => {
  new FakeClientsServer([makeClient(7, 'Grace Hopper')]);
});

it('exposes exactly the client screens of the specification, open to every role', () => {
  expect(screens.map((route) => route.path)).toEqual(titles.map(([path]) => path));
  expect(screens.every((route) => route.roles === undefined)).toBe(true);
});

it('groups its screens under the prefixes the remotes list gives it', () => {
  expect(Object.keys(routes)).toEqual(
    list.remotes.find((remote) => remote.dir === 'remote-clients')?.prefixes,
  );
});

it.each(titles)('%s is titled "%s"', async (path, title) => {
  const route = screens.find((candidate) => candidate.path === path);
  renderWithProviders(<>{route?.element}</>, { route: path.replace(':id', '7'), path });
  expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
});

it('contributes the Clients card above the tabs and four widgets to the Clients tab, at the allocated places', () => {
  expect(widgets.map(({ id, title, tab, order }) => ({ id, title, tab, order }))).toEqual([
    { id: 'clients', title: 'Clients', tab: undefined, order: 30 },
    { id: 'client-balances', title: 'Client Balances', tab: 'clients', order: 210 },
    { id: 'debtors', title: 'Debtors', tab: 'clients', order: 220 },
    { id: 'creditors', title: 'Creditors', tab: 'clients', order: 230 },
    { id: 'want-matches', title: 'Wanted-list matches', tab: 'clients', order: 240 },
  ]);
});
