import { useState } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuthCheck, ShopMembership } from '@loupe/contracts';
import { useAuth } from '../src/auth';
import { http, HttpError } from '../src/http';
import { setShopTimeZone, shopZone } from '../src/lib/dates';
import { errorMessage } from '../src/lib';
import { useQuery } from '../src/query';
import {
  authCheckAs,
  createFetchMock,
  createTestQueryClient,
  demoShop,
  renderWithProviders,
  type FetchMock,
  type MockResponse,
} from '../src/testing';

const demo: ShopMembership = { ...demoShop, role: 'gold', is_new: false };
const west: ShopMembership = {
  id: 2,
  name: 'Loupe West',
  time_zone: 'America/Los_Angeles',
  role: 'silver',
  is_new: true,
};
const inDemo = authCheckAs('gold', { shops: [demo, west] });
const inWest: AuthCheck = {
  ...inDemo,
  role: 'silver',
  shop: { id: west.id, name: west.name, time_zone: west.time_zone },
  shops: [demo, { ...west, is_new: false }],
};

/** The clients of whichever shop the session works in, as the server would answer them. */
const clientsOf: Record<number, string[]> = { 1: ['Ada Demo'], 2: ['Wes West'] };

function ShopPanel() {
  const auth = useAuth();
  const [error, setError] = useState<string | null>(null);
  const clients = useQuery({
    queryKey: ['clients', 'list', {}],
    queryFn: () => http.get<{ results: string[] }>('/api/clients/'),
  });
  const run = (action: () => Promise<unknown>) => () =>
    void action().then(
      () => setError(null),
      (failure: unknown) => setError(errorMessage(failure, 'failed')),
    );
  return (
    <>
      <p>
        {auth.loading ? 'checking' : `working in ${auth.shop?.name ?? 'no shop'} as ${auth.role ?? 'nobody'}`}
      </p>
      <p>{auth.mustChangePassword ? 'must change password' : 'password is fine'}</p>
      <ul aria-label="Shops">
        {auth.shops.map((shop) => (
          <li key={shop.id}>{`${shop.name} ${shop.role}${shop.is_new ? ' new' : ''}`}</li>
        ))}
      </ul>
      <ul aria-label="Clients">
        {(clients.data?.results ?? []).map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
      <button onClick={run(() => auth.switchShop(2))}>switch to west</button>
      <button onClick={run(() => auth.dismissShopNotice(2))}>seen west</button>
      <button onClick={() => void auth.checkAuth()}>check again</button>
      {error ? <p role="alert">{error}</p> : null}
    </>
  );
}

/** A fake API whose session works in one shop at a time, switched by POST /api/session/shop/. */
function shopApi(options: { switchAnswer?: MockResponse } = {}) {
  let active = 1;
  const mock = createFetchMock({
    'GET /csrf/': { cookies: { csrftoken: 'tok' } },
    'GET /auth-check/': () => ({ body: active === 1 ? inDemo : inWest }),
    'GET /api/clients/': () => ({ body: { results: clientsOf[active], count: 1 } }),
    'POST /api/session/shop/': (call) => {
      if (options.switchAnswer) return options.switchAnswer;
      active = (call.body as { shop: number }).shop;
      return { body: inWest };
    },
  });
  return mock;
}

function mount(mock: FetchMock) {
  window.fetch = mock.fetch;
  const queryClient = createTestQueryClient();
  // Another screen's rows, not on the page now: they belong to the first shop as much as the visible ones.
  queryClient.setQueryData(['items', 'detail', 7], { serial: 'DEMO-7' });
  renderWithProviders(<ShopPanel />, { route: '/clients', queryClient });
  return queryClient;
}

beforeEach(() => setShopTimeZone(null));

describe('the shops of the signed-in user', () => {
  it('names the active shop, every membership and whether the password must change', async () => {
    const mock = createFetchMock({
      'GET /auth-check/': { body: authCheckAs('gold', { shops: [demo, west], mustChangePassword: true }) },
    });
    window.fetch = mock.fetch;
    renderWithProviders(<ShopPanel />, { route: '/x' });
    expect(await screen.findByText('working in Loupe Demo as gold')).toBeInTheDocument();
    expect(screen.getByText('must change password')).toBeInTheDocument();
    expect(
      screen
        .getAllByRole('listitem')
        .map((item) => item.textContent)
        .slice(0, 2),
    ).toEqual(['Loupe Demo gold', 'Loupe West silver new']);
  });

  it('reads an answer without the new fields as one shop at most and no password to change', async () => {
    const mock = createFetchMock({
      'GET /auth-check/': { body: { user: authCheckAs('gold').user, role: 'gold', shop: demoShop } },
    });
    window.fetch = mock.fetch;
    renderWithProviders(<ShopPanel />, { route: '/x' });
    expect(await screen.findByText('working in Loupe Demo as gold')).toBeInTheDocument();
    expect(screen.getByText('password is fine')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Shops' })).toBeEmptyDOMElement();
  });
});

describe('switchShop', () => {
  it("posts the shop with the CSRF token, then shows the new shop's data and never the previous shop's", async () => {
    const mock = shopApi();
    const queryClient = mount(mock);
    expect(await screen.findByText('Ada Demo')).toBeInTheDocument();
    expect(shopZone()).toBe(demoShop.time_zone);
    // Hold the new shop's list so the moment between the switch and its rows can be looked at.
    let release: () => void = () => undefined;
    mock.on(
      'GET /api/clients/',
      () =>
        new Promise<MockResponse>((resolve) => {
          release = () => resolve({ body: { results: clientsOf[2], count: 1 } });
        }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'switch to west' }));

    expect(await screen.findByText('working in Loupe West as silver')).toBeInTheDocument();
    const [post] = mock.callsTo('POST', '/api/session/shop/');
    expect(post?.body).toEqual({ shop: 2 });
    expect(post?.headers['x-csrftoken']).toBe('tok');
    expect(screen.queryByText('Ada Demo')).not.toBeInTheDocument();
    expect(queryClient.getQueryData(['items', 'detail', 7])).toBeUndefined();
    expect(shopZone()).toBe('America/Los_Angeles');
    await act(async () => release());
    expect(await screen.findByText('Wes West')).toBeInTheDocument();
  });

  it("a refused switch throws the server's message and changes nothing", async () => {
    const mock = shopApi({
      switchAnswer: { status: 400, body: { shop: ['You are not a member of this shop.'] } },
    });
    const queryClient = mount(mock);
    expect(await screen.findByText('Ada Demo')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'switch to west' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('You are not a member of this shop.');
    expect(screen.getByText('working in Loupe Demo as gold')).toBeInTheDocument();
    expect(screen.getByText('Ada Demo')).toBeInTheDocument();
    expect(queryClient.getQueryData(['items', 'detail', 7])).toEqual({ serial: 'DEMO-7' });
    expect(shopZone()).toBe(demoShop.time_zone);
  });

  it('rejects with the HttpError, so a caller can tell a refusal from a network failure', async () => {
    const mock = shopApi({ switchAnswer: { status: 400, body: { detail: 'No.' } } });
    window.fetch = mock.fetch;
    let auth: ReturnType<typeof useAuth> | null = null;
    function Grab() {
      auth = useAuth();
      return null;
    }
    renderWithProviders(<Grab />, { route: '/x' });
    await waitFor(() => expect(auth?.loading).toBe(false));
    await expect(auth!.switchShop(2)).rejects.toBeInstanceOf(HttpError);
  });

  it('an auth-check asked before the switch and answered after it does not bring the old shop back', async () => {
    const mock = shopApi();
    mount(mock);
    expect(await screen.findByText('Ada Demo')).toBeInTheDocument();
    let answerLateCheck: () => void = () => undefined;
    mock.on(
      'GET /auth-check/',
      () =>
        new Promise<MockResponse>((resolve) => {
          answerLateCheck = () => resolve({ body: inDemo });
        }),
    );
    // The check a path change starts, asked while the session still works in the first shop.
    await userEvent.click(screen.getByRole('button', { name: 'check again' }));
    await userEvent.click(screen.getByRole('button', { name: 'switch to west' }));
    expect(await screen.findByText('working in Loupe West as silver')).toBeInTheDocument();

    await act(async () => answerLateCheck());

    expect(screen.getByText('working in Loupe West as silver')).toBeInTheDocument();
    expect(shopZone()).toBe('America/Los_Angeles');
  });
});

describe('dismissShopNotice', () => {
  it('posts the shop to the notice endpoint and shows the answer, keeping the cached rows', async () => {
    const mock = shopApi();
    mock.on('POST /api/session/shop-notice-seen/', {
      body: { ...inDemo, shops: [demo, { ...west, is_new: false }] },
    });
    const queryClient = mount(mock);
    expect(await screen.findByText('Loupe West silver new')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'seen west' }));

    expect(await screen.findByText('Loupe West silver')).toBeInTheDocument();
    expect(mock.callsTo('POST', '/api/session/shop-notice-seen/')[0]?.body).toEqual({ shop: 2 });
    expect(screen.getByText('working in Loupe Demo as gold')).toBeInTheDocument();
    expect(screen.getByText('Ada Demo')).toBeInTheDocument();
    expect(queryClient.getQueryData(['items', 'detail', 7])).toEqual({ serial: 'DEMO-7' });
  });
});
