import { act, screen, waitFor, within } from '@testing-library/react';
import { http, useQuery, type RemoteRoutes } from '@loupe/platform';
import { authCheckAs, type MockHandler, type MockResponse } from '@loupe/platform/testing';
import type { AuthCheck, ShopMembership } from '@loupe/contracts';
import type { RemoteKey } from '../src/federation/remote-catalog';
import { loadRemoteRoutes } from '../src/federation/remote-loader';
import { loadFakeRoutes } from './remote-fixtures';
import { renderApp } from './render-app';

/** The clients screen as the clients remote shows it: whatever the API lists for the session's shop. */
function ClientNames() {
  const clients = useQuery({
    queryKey: ['clients', 'list', {}],
    queryFn: () => http.get<{ results: string[] }>('/api/clients/'),
  });
  return (
    <>
      <h1>Clients</h1>
      <ul aria-label="Client list">
        {(clients.data?.results ?? []).map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
    </>
  );
}

const routes: Partial<Record<RemoteKey, RemoteRoutes>> = {
  clients: {
    '/clients': [
      { path: '', element: <ClientNames /> },
      { path: 'edit/:id', element: <h1>Edit Client</h1> },
    ],
  },
};

beforeEach(() => {
  jest.mocked(loadRemoteRoutes).mockImplementation(async (key) => routes[key] ?? loadFakeRoutes(key));
});

const DEMO = 1;
const WEST = 2;
const demo: ShopMembership = { id: DEMO, name: 'Loupe Demo', time_zone: 'UTC', role: 'gold', is_new: false };
const west: ShopMembership = {
  id: WEST,
  name: 'Loupe West',
  time_zone: 'America/Los_Angeles',
  role: 'silver',
  is_new: false,
};
const clientsOf: Record<number, string[]> = { [DEMO]: ['Ada Demo'], [WEST]: ['Wes West'] };

/**
 * The API's side of shop isolation for one gold member of Loupe Demo who is silver in Loupe West: a session
 * with an active shop (or none), memberships whose notice may be unseen, and each shop's own clients.
 */
function shopServer({
  active: initial = DEMO as number | null,
  unseen = [] as number[],
  seenOnSwitch = true,
  switchAnswer,
}: {
  active?: number | null;
  unseen?: number[];
  /** Whether the server itself counts a switch as seeing the notice. */
  seenOnSwitch?: boolean;
  switchAnswer?: MockResponse;
} = {}) {
  let active = initial;
  const seen = new Set([DEMO, WEST].filter((id) => !unseen.includes(id)));
  const answer = (): MockResponse => {
    const shops = [demo, west].map((shop) => ({ ...shop, is_new: !seen.has(shop.id) }));
    const current = shops.find((shop) => shop.id === active);
    const body: AuthCheck = {
      ...authCheckAs('gold', { shops }),
      role: current?.role ?? null,
      shop: current ? { id: current.id, name: current.name, time_zone: current.time_zone } : null,
    };
    return { body };
  };
  const handlers: Record<string, MockHandler> = {
    'GET /auth-check/': answer,
    'GET /api/clients/': () => ({ body: { results: active ? clientsOf[active] : [], count: 1 } }),
    'POST /api/session/shop/': (call) => {
      if (switchAnswer) return switchAnswer;
      active = (call.body as { shop: number }).shop;
      if (seenOnSwitch) seen.add(active);
      return answer();
    },
    'POST /api/session/shop-notice-seen/': (call) => {
      seen.add((call.body as { shop: number }).shop);
      return answer();
    },
  };
  return handlers;
}

const location = () => screen.getByTestId('location').textContent;
const menuButton = () => screen.findByRole('button', { name: /^gold (gold|silver|no role)$/ });

async function openMenu(view: ReturnType<typeof renderApp>) {
  await view.user.click(await menuButton());
  return screen.getByRole('menu', { name: 'Account' });
}

describe('the shop switcher in the user menu', () => {
  it('is not offered to a member of one shop; the menu button still names the shop it works in', async () => {
    const view = renderApp({ role: 'gold' });
    expect(await menuButton()).toHaveAccessibleDescription('Working in Loupe Demo');
    const menu = await openMenu(view);
    expect(within(menu).queryByRole('group', { name: 'Shop' })).not.toBeInTheDocument();
    expect(within(menu).queryAllByRole('menuitemradio')).toHaveLength(0);
  });

  it('lists every shop with the role held there, the active one checked, above the spec entries', async () => {
    const view = renderApp({ route: '/clients', handlers: shopServer() });
    const button = await menuButton();
    expect(button).toHaveAccessibleName('gold gold');
    expect(button).toHaveAccessibleDescription('Working in Loupe Demo');
    expect(button).toHaveTextContent('Loupe Demo');
    const menu = await openMenu(view);
    const group = within(menu).getByRole('group', { name: 'Shop' });
    const radios = within(group).getAllByRole('menuitemradio');
    expect(radios.map((radio) => radio.textContent)).toEqual(['✓Loupe Demo · gold', 'Loupe West · silver']);
    expect(within(group).getByRole('menuitemradio', { name: 'Loupe Demo · gold' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(within(group).getByRole('menuitemradio', { name: 'Loupe West · silver' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Silver Management',
      'Online Selling',
      'Outbox',
      'Compliance',
      'Settings',
      'Switch to light mode',
      'Sign out',
    ]);
  });

  it('is reached from the keyboard: Enter opens on the first shop, arrows run on into the other entries', async () => {
    const { user } = renderApp({ route: '/clients', handlers: shopServer() });
    const button = await menuButton();
    button.focus();
    await user.keyboard('{Enter}');
    const menu = screen.getByRole('menu', { name: 'Account' });
    expect(within(menu).getByRole('menuitemradio', { name: 'Loupe Demo · gold' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitemradio', { name: 'Loupe West · silver' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Silver Management' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toHaveFocus();
    await user.keyboard('{Home}{Escape}');
    expect(button).toHaveFocus();
  });

  it("switches with Enter: posts the shop, closes the menu, and shows the new shop's clients, never the old ones", async () => {
    const handlers = shopServer();
    const view = renderApp({ route: '/clients', handlers });
    expect(await screen.findByText('Ada Demo')).toBeInTheDocument();
    // The new shop's list waits, so the moment between the switch and its rows can be looked at.
    let release: () => void = () => undefined;
    const listClients = handlers['GET /api/clients/'] as (call: never) => MockResponse;
    view.api.on(
      'GET /api/clients/',
      (call) =>
        new Promise<MockResponse>((resolve) => {
          release = () => resolve(listClients(call as never));
        }),
    );
    const button = await menuButton();
    button.focus();
    await view.user.keyboard('{Enter}{ArrowDown}{Enter}');

    expect(await screen.findByRole('button', { name: 'gold silver' })).toHaveAccessibleDescription(
      'Working in Loupe West',
    );
    expect(view.api.callsTo('POST', '/api/session/shop/').map((call) => call.body)).toEqual([{ shop: WEST }]);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    // The screen is back (its list still on its way) and shows nothing of the previous shop.
    expect(await screen.findByRole('heading', { name: 'Clients' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Client list' })).toBeEmptyDOMElement();
    expect(location()).toBe('/clients');
    await act(async () => release());
    expect(await screen.findByText('Wes West')).toBeInTheDocument();
    expect(screen.queryByText('Ada Demo')).not.toBeInTheDocument();
  });

  it('keeps the list and its query string, since the same screen makes sense in the other shop', async () => {
    const view = renderApp({ route: '/clients?page=2&search=a', handlers: shopServer() });
    expect(await screen.findByText('Ada Demo')).toBeInTheDocument();
    await view.user.click(within(await openMenu(view)).getByRole('menuitemradio', { name: /Loupe West/ }));
    expect(await screen.findByText('Wes West')).toBeInTheDocument();
    expect(location()).toBe('/clients?page=2&search=a');
  });

  it('leaves a screen the new role may not open for the dashboard, not for /unauthorized', async () => {
    const view = renderApp({ route: '/management/silver', handlers: shopServer() });
    expect(await screen.findByRole('heading', { name: 'Silver Management' })).toBeInTheDocument();
    await view.user.click(within(await openMenu(view)).getByRole('menuitemradio', { name: /Loupe West/ }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Unauthorized' })).not.toBeInTheDocument();
  });

  it("leaves one record's screen for the dashboard: the record is the previous shop's", async () => {
    const view = renderApp({ route: '/clients/edit/5', handlers: shopServer() });
    expect(await screen.findByRole('heading', { name: 'Edit Client' })).toBeInTheDocument();
    await view.user.click(within(await openMenu(view)).getByRole('menuitemradio', { name: /Loupe West/ }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
  });

  it("a refused switch shows the server's message and changes nothing", async () => {
    const view = renderApp({
      route: '/clients',
      handlers: shopServer({
        switchAnswer: { status: 400, body: { shop: ['You are not a member of this shop.'] } },
      }),
    });
    expect(await screen.findByText('Ada Demo')).toBeInTheDocument();
    await view.user.click(within(await openMenu(view)).getByRole('menuitemradio', { name: /Loupe West/ }));

    expect(await screen.findByRole('alert')).toHaveTextContent('You are not a member of this shop.');
    expect(screen.getByText('Ada Demo')).toBeInTheDocument();
    expect(location()).toBe('/clients');
    expect(await menuButton()).toHaveAccessibleDescription('Working in Loupe Demo');
    const menu = await openMenu(view);
    expect(within(menu).getByRole('menuitemradio', { name: /Loupe Demo/ })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });
});

describe('the notice of a new membership', () => {
  const findNotice = async () => {
    const text = await screen.findByText('You were added to Loupe West as silver.');
    const region = text.closest('[role="status"]');
    if (!(region instanceof HTMLElement)) throw new Error('the notice is not a status');
    return region;
  };

  it('is shown while unseen and Dismiss tells the server, without leaving the shop', async () => {
    const view = renderApp({ route: '/clients', handlers: shopServer({ unseen: [WEST] }) });
    const region = await findNotice();
    expect(within(region).getByRole('button', { name: 'Switch to Loupe West' })).toBeInTheDocument();
    await view.user.click(within(region).getByRole('button', { name: 'Dismiss' }));

    await waitFor(() =>
      expect(screen.queryByText('You were added to Loupe West as silver.')).not.toBeInTheDocument(),
    );
    expect(view.api.callsTo('POST', '/api/session/shop-notice-seen/').map((call) => call.body)).toEqual([
      { shop: WEST },
    ]);
    expect(view.api.callsTo('POST', '/api/session/shop/')).toHaveLength(0);
    expect(screen.getByText('Ada Demo')).toBeInTheDocument();
  });

  it('Switch goes to the shop and the notice is seen, even where the server does not count a switch so', async () => {
    const view = renderApp({
      route: '/clients',
      handlers: shopServer({ unseen: [WEST], seenOnSwitch: false }),
    });
    const region = await findNotice();
    await view.user.click(within(region).getByRole('button', { name: 'Switch to Loupe West' }));

    expect(await screen.findByText('Wes West')).toBeInTheDocument();
    expect(view.api.callsTo('POST', '/api/session/shop/').map((call) => call.body)).toEqual([{ shop: WEST }]);
    await waitFor(() =>
      expect(screen.queryByText('You were added to Loupe West as silver.')).not.toBeInTheDocument(),
    );
    expect(view.api.callsTo('POST', '/api/session/shop-notice-seen/').map((call) => call.body)).toEqual([
      { shop: WEST },
    ]);
  });

  it('asks nothing more when the switch itself counted as seeing it', async () => {
    const view = renderApp({ route: '/clients', handlers: shopServer({ unseen: [WEST] }) });
    await view.user.click(within(await findNotice()).getByRole('button', { name: 'Switch to Loupe West' }));
    expect(await screen.findByText('Wes West')).toBeInTheDocument();
    expect(screen.queryByText('You were added to Loupe West as silver.')).not.toBeInTheDocument();
    expect(view.api.callsTo('POST', '/api/session/shop-notice-seen/')).toHaveLength(0);
  });

  it("stays when the server refuses the dismissal, and says the server's reason", async () => {
    const handlers = shopServer({ unseen: [WEST] });
    handlers['POST /api/session/shop-notice-seen/'] = { status: 503, body: { detail: 'Try again shortly.' } };
    const view = renderApp({ route: '/clients', handlers });
    await view.user.click(within(await findNotice()).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again shortly.');
    expect(screen.getByText('You were added to Loupe West as silver.')).toBeInTheDocument();
  });

  it('of the shop already worked in offers no switch', async () => {
    renderApp({ route: '/clients', handlers: shopServer({ active: WEST, unseen: [WEST] }) });
    const region = await findNotice();
    expect(within(region).queryByRole('button', { name: /Switch to/ })).not.toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Dismiss' })).toBeInTheDocument();
  });
});

describe('a session with no shop to work in', () => {
  it('asks which shop to work in, with a button per shop, and shows its screen once chosen', async () => {
    const view = renderApp({ route: '/dashboard', handlers: shopServer({ active: null }) });
    expect(await screen.findByRole('heading', { name: 'Choose a shop to work in' })).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    const choices = within(screen.getByRole('list', { name: 'Your shops' })).getAllByRole('button');
    expect(choices.map((choice) => choice.textContent)).toEqual(['Loupe Demo · gold', 'Loupe West · silver']);

    await view.user.click(screen.getByRole('button', { name: 'Loupe West · silver' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(view.api.callsTo('POST', '/api/session/shop/').map((call) => call.body)).toEqual([{ shop: WEST }]);
    expect(screen.queryByRole('heading', { name: 'Choose a shop to work in' })).not.toBeInTheDocument();
    expect(await menuButton()).toHaveAccessibleDescription('Working in Loupe West');
  });

  it('stands in for a shop screen too, but not for the account screens', async () => {
    const view = renderApp({ route: '/clients', handlers: shopServer({ active: null }) });
    expect(await screen.findByRole('heading', { name: 'Choose a shop to work in' })).toBeInTheDocument();
    expect(view.api.callsTo('GET', '/api/clients/')).toHaveLength(0);
    await view.user.click(within(await openMenu(view)).getByRole('menuitem', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { name: 'Profile Settings' })).toBeInTheDocument();
  });
});
