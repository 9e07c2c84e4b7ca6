import { screen, within } from '@testing-library/react';
import { Link } from 'react-router-dom';
import type { RemoteRoutes } from '@loupe/platform';
import { loadRemoteRoutes } from '../src/federation/remote-loader';
import { remoteByKey } from '../src/federation/remote-catalog';
import { RemoteIncompatibleError } from '../src/federation/remote-contract-check';
import { loadFakeRoutes } from './remote-fixtures';
import { renderApp } from './render-app';

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => jest.mocked(console.error).mockRestore());

it('a build for another platform shows its area’s notice with the reason, and Retry', async () => {
  jest.mocked(loadRemoteRoutes).mockImplementation(async (key) => {
    if (key !== 'inventory') return loadFakeRoutes(key);
    throw new RemoteIncompatibleError(
      remoteByKey('inventory'),
      {
        ok: false,
        problem: 'platform',
        platform: '2.0',
        message: 'remote_inventory was built for @loupe/platform ^2.0.0; this shell provides 0.1.0',
      },
      'http://localhost:8082/mf-manifest.json',
    );
  });
  renderApp({ route: '/stock/watches' });
  const notice = await screen.findByRole('alert');
  expect(within(notice).getByRole('heading', { name: 'Inventory is unavailable' })).toBeInTheDocument();
  expect(
    within(notice).getByText(
      'Inventory was built for a different version of Loupe (platform 2.0) and cannot be shown until its team releases an update.',
    ),
  ).toBeInTheDocument();
  expect(within(notice).queryByText('This part of Loupe could not be loaded right now.')).toBeNull();
  expect(within(notice).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
});

it('a mounted remote keeps its build when another is deployed; the next visit to its area asks for the new one', async () => {
  // What the loader hands over now: after a deploy (a refreshed /remotes.json) it is the new build.
  let release = 1;
  const build = (version: number): RemoteRoutes => ({
    '/clients': [
      {
        path: '',
        element: (
          <>
            <h1>Clients</h1>
            <Link to="/clients/add">+ Add Client</Link>
          </>
        ),
      },
      {
        path: 'add',
        element: (
          <label>
            Name (build {version})<input />
          </label>
        ),
      },
    ],
  });
  jest
    .mocked(loadRemoteRoutes)
    .mockImplementation(async (key) => (key === 'clients' ? build(release) : loadFakeRoutes(key)));
  const { user } = renderApp({ route: '/clients/add', role: 'silver' });
  const field = await screen.findByLabelText('Name (build 1)');
  await user.type(field, 'Ada');

  release = 2;
  // Moving inside the area keeps the mounted build (and the form's text until the user leaves it).
  expect(screen.getByLabelText('Name (build 1)')).toHaveValue('Ada');
  await user.click(screen.getByRole('link', { name: 'Clients' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Clients' })).toBeInTheDocument();
  expect(jest.mocked(loadRemoteRoutes).mock.calls.filter(([key]) => key === 'clients')).toHaveLength(1);

  await user.click(screen.getByRole('link', { name: 'Dashboard' }));
  await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
  await user.click(screen.getByRole('link', { name: 'Clients' }));
  await screen.findByRole('heading', { level: 1, name: 'Clients' });
  expect(jest.mocked(loadRemoteRoutes).mock.calls.filter(([key]) => key === 'clients')).toHaveLength(2);
  await user.click(screen.getByRole('link', { name: '+ Add Client' }));
  expect(await screen.findByLabelText('Name (build 2)')).toHaveValue('');
});
