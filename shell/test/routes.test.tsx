import { screen, waitFor, within } from '@testing-library/react';
import { loadRemoteRoutes, preloadRemoteRoutes, resetRemote } from '../src/federation/remote-loader';
import { loadFakeRoutes } from './remote-fixtures';
import { renderApp } from './render-app';

const location = () => screen.getByTestId('location').textContent;

describe('routing', () => {
  it('redirects / to /dashboard', async () => {
    renderApp({ route: '/' });
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(location()).toBe('/dashboard');
  });

  it('renders /login itself, public, loading no remote at all', async () => {
    renderApp({ route: '/login', role: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Loupe' })).toBeInTheDocument();
    expect(screen.getByText('Your watch-intelligence dashboard')).toBeInTheDocument();
    expect(location()).toBe('/login');
    expect(loadRemoteRoutes).not.toHaveBeenCalled();
    expect(preloadRemoteRoutes).not.toHaveBeenCalled();
  });

  it('hands each prefix to its remote, on demand', async () => {
    renderApp({ route: '/stock/watches' });
    expect(await screen.findByRole('heading', { name: 'Inventory - Watches' })).toBeInTheDocument();
    expect(preloadRemoteRoutes).toHaveBeenCalledWith('inventory');
    expect(loadRemoteRoutes).toHaveBeenCalledWith('inventory');
    expect(loadRemoteRoutes).not.toHaveBeenCalledWith('admin');
  });

  it('shows the unauthorized page to a role outside a remote route’s roles', async () => {
    renderApp({ route: '/management/gold', role: 'gold' });
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument();
    expect(screen.getByText('You do not have permission to view this page.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(location()).toBe('/unauthorized');
  });

  it.each(['gold', 'silver'] as const)(
    'shows %s the unauthorized page for /activity (platinum only)',
    async (role) => {
      renderApp({ route: '/activity', role });
      expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument();
      expect(location()).toBe('/unauthorized');
    },
  );

  it('lets platinum into /activity, from remote-admin', async () => {
    renderApp({ route: '/activity', role: 'platinum' });
    expect(await screen.findByRole('heading', { name: 'Activity' })).toBeInTheDocument();
    expect(loadRemoteRoutes).toHaveBeenCalledWith('admin');
  });

  it('lets an allowed role in', async () => {
    renderApp({ route: '/management/gold', role: 'platinum' });
    expect(await screen.findByRole('heading', { name: 'Gold Management' })).toBeInTheDocument();
  });

  it('shows a not-found page for an unknown path, inside the layout', async () => {
    renderApp({ route: '/no-such-page' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByTestId('top-bar')).toBeInTheDocument();
  });

  it('shows a not-found page for an unknown path under a remote prefix', async () => {
    renderApp({ route: '/clients/nothing-here' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('mounts a remote’s relative routes below its prefixes, parameters included', async () => {
    renderApp({ route: '/inventory/edit/7' });
    expect(await screen.findByRole('heading', { name: 'Edit Inventory Item' })).toBeInTheDocument();
    expect(loadRemoteRoutes).toHaveBeenCalledWith('inventory');
  });

  it('shows the not-found page for a prefix whose table has no screen for the prefix itself', async () => {
    renderApp({ route: '/stock' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(loadRemoteRoutes).toHaveBeenCalledWith('inventory');
  });
});

describe('a remote that cannot be loaded', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.mocked(console.error).mockRestore());

  it('shows a fallback with Retry in its area while the rest keeps working, and Retry really retries', async () => {
    let adminUp = false;
    jest.mocked(loadRemoteRoutes).mockImplementation(async (key) => {
      if (key === 'admin' && !adminUp) throw new Error('net::ERR_CONNECTION_REFUSED');
      return loadFakeRoutes(key);
    });
    const { user } = renderApp({ route: '/management/silver', role: 'gold' });

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Admin is unavailable' })).toBeInTheDocument();
    expect(screen.getByTestId('top-bar')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();

    adminUp = true;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(resetRemote).toHaveBeenCalledWith('admin');
    expect(await screen.findByRole('heading', { name: 'Silver Management' })).toBeInTheDocument();
    expect(
      jest.mocked(loadRemoteRoutes).mock.calls.filter(([key]) => key === 'admin').length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('does not break other routes', async () => {
    jest.mocked(loadRemoteRoutes).mockImplementation(async (key) => {
      if (key === 'admin') throw new Error('down');
      return loadFakeRoutes(key);
    });
    const { user } = renderApp({ route: '/management/silver', role: 'gold' });
    expect(await screen.findByRole('heading', { name: 'Admin is unavailable' })).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Clients' }),
    );
    expect(await screen.findByRole('heading', { name: 'Clients' })).toBeInTheDocument();
    expect(screen.queryByText('Admin is unavailable')).not.toBeInTheDocument();
  });

  it('contains a page that throws while rendering to its remote’s area', async () => {
    function Broken(): never {
      throw new Error('render failure');
    }
    jest.mocked(loadRemoteRoutes).mockImplementation(async (key) =>
      key === 'inventory'
        ? {
            '/stock': [{ path: 'watches', element: <Broken /> }],
            '/inventory': [{ path: 'all', element: <h1>All Inventory Stock</h1> }],
          }
        : loadFakeRoutes(key),
    );
    const { user } = renderApp({ route: '/stock/watches' });
    expect(await screen.findByRole('heading', { name: 'Inventory is unavailable' })).toBeInTheDocument();
    expect(screen.getByTestId('top-bar')).toBeInTheDocument();
    // Another page of the same remote still opens.
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'All Stock' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'All Inventory Stock' })).toBeInTheDocument(),
    );
  });
});
