import { screen, waitFor, within } from '@testing-library/react';
import { authCheckAs } from '@loupe/platform/testing';
import { loadRemoteRoutes, loadRemoteWidgets } from '../src/federation/remote-loader';
import { REMOTES, type RemoteKey } from '../src/federation/remote-catalog';
import { reportRemoteLoad } from '../src/federation/remote-unavailable';
import { loadFakeRoutes } from './remote-fixtures';
import { renderApp, type AppView } from './render-app';

/** Remotes whose code fails to load, as a closed port or a hung server ends up in the loader. */
let down: Set<RemoteKey>;

beforeEach(() => {
  down = new Set();
  jest.mocked(loadRemoteRoutes).mockImplementation(async (key) => {
    if (down.has(key)) throw new Error(`${key}: net::ERR_CONNECTION_REFUSED`);
    return loadFakeRoutes(key);
  });
  // What an earlier test of this file saw fail is not this test's outage.
  for (const remote of REMOTES) reportRemoteLoad(remote.key, true);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => jest.mocked(console.error).mockRestore());

const location = () => screen.getByTestId('location').textContent;

/** A server on which POST /token/ signs `gold` in. */
function signInServer(route: string): AppView {
  let signedIn = false;
  return renderApp({
    route,
    authCheck: () => ({ body: authCheckAs(signedIn ? 'gold' : null) }),
    handlers: { 'POST /token/': () => ((signedIn = true), { body: {} }) },
  });
}

async function signIn({ user }: AppView) {
  const form = await screen.findByRole('form', { name: 'Sign in' });
  await user.type(within(form).getByLabelText('Username'), 'gold');
  await user.type(within(form).getByLabelText('Password'), 'loupe-demo-2026');
  await user.click(within(form).getByRole('button', { name: 'Sign in' }));
}

describe('/login while remote-auth cannot be loaded', () => {
  beforeEach(() => down.add('auth'));

  it('is the shell’s own sign-in screen, with the spec’s texts, untouched by the outage', async () => {
    signInServer('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Loupe' })).toBeInTheDocument();
    expect(screen.getByText('Your watch-intelligence dashboard')).toBeInTheDocument();
    expect(await screen.findByLabelText('Username')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(loadRemoteRoutes).not.toHaveBeenCalledWith('auth');
    // Nothing claims the application works for a visitor who cannot sign in, and nothing shouts.
    expect(screen.queryByText('Account is unavailable')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Sign in · Loupe'));
  });

  it('signs in through it and lands on /dashboard inside the layout', async () => {
    const view = signInServer('/login');
    await signIn(view);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(location()).toBe('/dashboard');
    expect(screen.getByTestId('top-bar')).toBeInTheDocument();
    const [call] = view.api.callsTo('POST', '/token/');
    expect(call?.body).toEqual({ username: 'gold', password: 'loupe-demo-2026' });
    expect(call?.headers['x-csrftoken']).toBe('test-token');
  });

  it('shows "Signing in..." on the disabled button while the server answers', async () => {
    let answer: () => void = () => undefined;
    const view = renderApp({
      route: '/login',
      role: null,
      handlers: { 'POST /token/': () => new Promise((resolve) => (answer = () => resolve({ status: 400 }))) },
    });
    await signIn(view);
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    answer();
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Please try again.');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(location()).toBe('/login');
  });

  it('returns a visitor to the screen they asked for, whose remote is up', async () => {
    const view = signInServer('/clients');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Loupe' })).toBeInTheDocument();
    expect(location()).toBe('/login');
    await signIn(view);
    expect(await screen.findByRole('heading', { name: 'Clients' })).toBeInTheDocument();
    expect(location()).toBe('/clients');
  });

  it('sends someone already signed in to /dashboard, as remote-auth’s page would', async () => {
    renderApp({ route: '/login', role: 'silver' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(location()).toBe('/dashboard');
  });
});

/** The notice's account of what still works, as one sentence. */
async function stillWorking(title: string): Promise<string | null> {
  const notice = await screen.findByRole('alert');
  expect(within(notice).getByRole('heading', { name: `${title} is unavailable` })).toBeInTheDocument();
  expect(within(notice).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  expect(notice).not.toHaveTextContent('The rest of the application keeps working');
  return within(notice).getByText(/^Still working for you:/).textContent;
}

describe('the unavailable notice of a remote, for a signed-in user', () => {
  it('names the sections this role can open whose remotes still load (gold: no Gold Management)', async () => {
    down.add('auth');
    renderApp({ route: '/account/settings', role: 'gold' });
    expect(await stillWorking('Account')).toBe(
      'Still working for you: Dashboard, Stock, Clients, Expenses, Quick Sales, Expenses List, Reports, Invoices, Deals, ' +
        'Purchases, Workshop, Enquiries, Inventory, Silver Management, Online Selling, Outbox and Compliance.',
    );
  });

  it('leaves out every remote that has failed, and names one again once it has loaded', async () => {
    down.add('inventory');
    const { user } = renderApp({ route: '/stock/watches', role: 'platinum' });
    expect(await stillWorking('Inventory')).toBe(
      'Still working for you: Dashboard, Clients, Expenses, Quick Sales, Expenses List, Reports, Invoices, Deals, ' +
        'Purchases, Workshop, Enquiries, Gold Management, Silver Management, Activity, Shop Settings, ' +
        'Online Selling, Catalogue, Outbox, Compliance and Settings.',
    );

    down.add('admin');
    await user.click(await screen.findByRole('button', { name: /platinum/i }));
    await user.click(screen.getByRole('menuitem', { name: 'Gold Management' }));
    expect(await stillWorking('Admin')).toBe(
      'Still working for you: Dashboard, Clients, Expenses, Quick Sales, Expenses List, Reports, Invoices, Deals, ' +
        'Purchases, Workshop, Enquiries, Online Selling, Compliance and Settings.',
    );

    // Inventory is back: the next visit loads it, and Admin's notice names Stock and Inventory again.
    down.delete('inventory');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'Watches' }));
    expect(await screen.findByRole('heading', { name: 'Inventory - Watches' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /platinum/i }));
    await user.click(screen.getByRole('menuitem', { name: 'Gold Management' }));
    expect(await stillWorking('Admin')).toBe(
      'Still working for you: Dashboard, Stock, Clients, Expenses, Quick Sales, Expenses List, Reports, Invoices, Deals, ' +
        'Purchases, Workshop, Enquiries, Inventory, Online Selling, Compliance and Settings.',
    );
  });

  it('counts a remote whose dashboard widgets failed as failed', async () => {
    jest.mocked(loadRemoteWidgets).mockImplementation(async (key) => {
      if (key === 'inventory') throw new Error('inventory: net::ERR_CONNECTION_REFUSED');
      return [];
    });
    down.add('clients');
    const { user } = renderApp({ route: '/dashboard', role: 'platinum' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'Clients' }));
    expect(await stillWorking('Clients')).toBe(
      'Still working for you: Dashboard, Expenses, Quick Sales, Expenses List, Reports, Invoices, Deals, Purchases, ' +
        'Workshop, Enquiries, Gold Management, Silver Management, Activity, Shop Settings, Online Selling, Catalogue, ' +
        'Outbox, Compliance and Settings.',
    );
  });

  it('names no management screen to silver', async () => {
    down.add('finance');
    renderApp({ route: '/reports', role: 'silver' });
    expect(await stillWorking('Finance')).toBe(
      'Still working for you: Dashboard, Stock, Clients, Workshop, Enquiries, Inventory and Settings.',
    );
  });
});
