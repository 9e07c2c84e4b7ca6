import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { AuthProvider, RequireAuth, useAuth } from '../src/auth';
import { http, HttpError } from '../src/http';
import { ThemeModeProvider } from '../src/theme';
import {
  createQueryClient,
  GC_TIME_MS,
  QueryClientProvider,
  resourceKeys,
  shouldRetry,
  STALE_TIME_MS,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '../src/query';
import {
  authCheckAs,
  createFetchMock,
  createTestQueryClient,
  renderWithProviders,
  type FetchMock,
} from '../src/testing';

const items = resourceKeys('items');
const clients = resourceKeys('clients');

describe('createQueryClient', () => {
  it('never retries a 4xx, retries a network failure or a 5xx once', () => {
    for (const status of [400, 401, 403, 404, 409])
      expect(shouldRetry(0, new HttpError(status, {}))).toBe(false);
    expect(shouldRetry(0, new HttpError(500, {}))).toBe(true);
    expect(shouldRetry(1, new HttpError(503, {}))).toBe(false);
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(1, new TypeError('Failed to fetch'))).toBe(false);
  });

  it('keeps rows for a revisit, retries queries by that rule and never retries a mutation', () => {
    const client = createQueryClient();
    const { queries, mutations } = client.getDefaultOptions();
    expect(queries).toMatchObject({ staleTime: STALE_TIME_MS, gcTime: GC_TIME_MS, retry: shouldRetry });
    expect(STALE_TIME_MS).toBeGreaterThan(0);
    expect(GC_TIME_MS).toBeGreaterThan(STALE_TIME_MS);
    expect(mutations).toMatchObject({ retry: false });
  });

  it('lets a caller override one default and keep the others', () => {
    const client = createQueryClient({ defaultOptions: { queries: { retry: false } } });
    expect(client.getDefaultOptions().queries).toMatchObject({ retry: false, staleTime: STALE_TIME_MS });
    expect(client.getDefaultOptions().mutations).toMatchObject({ retry: false });
  });

  it('retries a 5xx once and then reports it', async () => {
    const client = createQueryClient({ defaultOptions: { queries: { retryDelay: 0 } } });
    const fetcher = jest.fn().mockRejectedValue(new HttpError(502, {}));
    await expect(client.fetchQuery({ queryKey: ['x'], queryFn: fetcher })).rejects.toBeInstanceOf(HttpError);
    expect(fetcher).toHaveBeenCalledTimes(2);
    const notFound = jest.fn().mockRejectedValue(new HttpError(404, {}));
    await expect(client.fetchQuery({ queryKey: ['y'], queryFn: notFound })).rejects.toBeInstanceOf(HttpError);
    expect(notFound).toHaveBeenCalledTimes(1);
  });
});

describe('the key convention', () => {
  function seeded() {
    const client = createTestQueryClient();
    client.setQueryData(items.list({ page: 1, status: 'available' }), 'available');
    client.setQueryData(items.list({ page: 2, status: 'sold' }), 'sold');
    client.setQueryData(items.detail(7), 'item 7');
    client.setQueryData(['items', 'summary'], 'summary');
    client.setQueryData(clients.detail(3), 'client 3');
    client.setQueryData(['dashboard', 'revenue'], 'revenue');
    client.setQueryData(['expenses', 'list', { page: 1 }], 'expenses');
    return client;
  }
  const invalidated = (client: QueryClient) =>
    client
      .getQueryCache()
      .findAll({ predicate: (query) => query.state.isInvalidated })
      .map((query) => JSON.stringify(query.queryKey))
      .sort();

  it('a Sell invalidates every stock list, the item, the summary, the clients and the dashboard by prefix', async () => {
    const client = seeded();
    await Promise.all([
      client.invalidateQueries({ queryKey: items.all }),
      client.invalidateQueries({ queryKey: clients.all }),
      client.invalidateQueries({ queryKey: ['dashboard'] }),
    ]);
    expect(invalidated(client)).toEqual(
      [
        JSON.stringify(items.list({ page: 1, status: 'available' })),
        JSON.stringify(items.list({ page: 2, status: 'sold' })),
        JSON.stringify(items.detail(7)),
        JSON.stringify(['items', 'summary']),
        JSON.stringify(clients.detail(3)),
        JSON.stringify(['dashboard', 'revenue']),
      ].sort(),
    );
  });

  it('lists only, or one record only, when that is all that changed', async () => {
    const client = seeded();
    await client.invalidateQueries({ queryKey: items.lists() });
    expect(invalidated(client)).toEqual(
      [
        JSON.stringify(items.list({ page: 1, status: 'available' })),
        JSON.stringify(items.list({ page: 2, status: 'sold' })),
      ].sort(),
    );
    const other = seeded();
    await other.invalidateQueries({ queryKey: items.detail(7) });
    expect(invalidated(other)).toEqual([JSON.stringify(items.detail(7))]);
  });
});

describe('one cache for every remote', () => {
  function Stock() {
    const stock = useQuery({
      queryKey: items.list({ page: 1 }),
      queryFn: () => http.get<{ count: number }>('/api/items/'),
    });
    return (
      <p>{stock.data ? `${stock.data.count} in stock` : stock.error ? 'stock failed' : 'stock loading'}</p>
    );
  }
  function Sell() {
    const client = useQueryClient();
    const sell = useMutation({
      mutationFn: () => http.post('/api/items/7/sell/', {}),
      onSuccess: () => client.invalidateQueries({ queryKey: items.all }),
    });
    return <button onClick={() => sell.mutate()}>Sell</button>;
  }

  it('a mutation in one part of the page refreshes what another part shows, without a reload', async () => {
    let count = 5;
    const mock = createFetchMock({
      'GET /auth-check/': { body: authCheckAs('gold') },
      'GET /csrf/': { body: {}, cookies: { csrftoken: 't' } },
      'GET /api/items/': () => ({ body: { count } }),
      'POST /api/items/7/sell/': () => {
        count -= 1;
        return { body: {} };
      },
    });
    window.fetch = mock.fetch;
    renderWithProviders(
      <>
        <Stock />
        <Sell />
      </>,
    );
    expect(await screen.findByText('5 in stock')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sell' }));
    expect(await screen.findByText('4 in stock')).toBeInTheDocument();
    expect(mock.callsTo('GET', '/api/items/')).toHaveLength(2);
  });

  it('gives each test render a cache of its own, which does not retry a failure', async () => {
    const mock = createFetchMock({
      'GET /auth-check/': { body: authCheckAs('gold') },
      'GET /api/items/': { status: 503, body: { detail: 'Down' } },
    });
    window.fetch = mock.fetch;
    const first = renderWithProviders(<Stock />);
    expect(await screen.findByText('stock failed')).toBeInTheDocument();
    expect(mock.callsTo('GET', '/api/items/')).toHaveLength(1);
    first.unmount();

    mock.on('GET /api/items/', { body: { count: 2 } });
    const second = renderWithProviders(<Stock />);
    expect(second.queryClient).not.toBe(first.queryClient);
    expect(await screen.findByText('2 in stock')).toBeInTheDocument();
  });
});

describe('the cache and the signed-in user', () => {
  function Actions() {
    const auth = useAuth();
    const navigate = useNavigate();
    return (
      <>
        <p>{auth.loading ? 'checking' : (auth.user?.username ?? 'nobody')}</p>
        <button onClick={() => void auth.login('silver', 'pw').catch(() => undefined)}>login</button>
        <button onClick={() => void auth.logout()}>logout</button>
        <button onClick={() => void http.get('/api/profile/me/').catch(() => undefined)}>profile</button>
        <button onClick={() => navigate('/b')}>to b</button>
      </>
    );
  }

  function mount(mock: FetchMock, client: QueryClient) {
    window.fetch = mock.fetch;
    client.setQueryData(clients.detail(3), 'gold’s client');
    render(
      <MemoryRouter initialEntries={['/a']}>
        <QueryClientProvider client={client}>
          <ThemeModeProvider>
            <AuthProvider fullPageLoad={() => undefined}>
              <Actions />
              <Routes>
                <Route path="/a" element={<RequireAuth>page a</RequireAuth>} />
                <Route path="/b" element={<RequireAuth>page b</RequireAuth>} />
                <Route path="/login" element={<p>login page</p>} />
              </Routes>
            </AuthProvider>
          </ThemeModeProvider>
        </QueryClientProvider>
      </MemoryRouter>,
    );
  }

  const cached = (client: QueryClient) => client.getQueryData(clients.detail(3));

  it('keeps the cache while the same user moves around', async () => {
    const mock = createFetchMock({ 'GET /auth-check/': { body: authCheckAs('gold') } });
    const client = createTestQueryClient();
    mount(mock, client);
    expect(await screen.findByText('page a')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'to b' }));
    await waitFor(() => expect(mock.callsTo('GET', '/auth-check/')).toHaveLength(2));
    expect(cached(client)).toBe('gold’s client');
  });

  it('empties it on sign-out', async () => {
    const mock = createFetchMock({
      'GET /auth-check/': { body: authCheckAs('gold') },
      'GET /csrf/': { body: {}, cookies: { csrftoken: 't' } },
      'POST /logout/': { status: 204 },
    });
    const client = createTestQueryClient();
    mount(mock, client);
    expect(await screen.findByText('page a')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'logout' }));
    await waitFor(() => expect(cached(client)).toBeUndefined());
  });

  it('empties it when the session ends under the user (a 401)', async () => {
    const mock = createFetchMock({
      'GET /auth-check/': { body: authCheckAs('gold') },
      'GET /api/profile/me/': {
        status: 401,
        body: { detail: 'Authentication credentials were not provided.' },
      },
    });
    const client = createTestQueryClient();
    mount(mock, client);
    expect(await screen.findByText('page a')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'profile' }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(cached(client)).toBeUndefined();
  });

  it('empties it on sign-in, so the next user starts from nothing', async () => {
    const mock = createFetchMock({
      'GET /auth-check/': { body: authCheckAs(null) },
      'GET /csrf/': { body: {}, cookies: { csrftoken: 't' } },
      'POST /token/': { body: {} },
    });
    const client = createTestQueryClient();
    mount(mock, client);
    expect(await screen.findByText('login page')).toBeInTheDocument();
    client.setQueryData(clients.detail(3), 'left behind');
    mock.on('GET /auth-check/', { body: authCheckAs('silver') });
    await userEvent.click(screen.getByRole('button', { name: 'login' }));
    expect(await screen.findByText('silver')).toBeInTheDocument();
    expect(cached(client)).toBeUndefined();
  });

  it('drops the rows when another user’s session is found (signed in elsewhere in another tab)', async () => {
    const mock = createFetchMock({ 'GET /auth-check/': { body: authCheckAs('gold') } });
    const client = createTestQueryClient();
    mount(mock, client);
    expect(await screen.findByText('page a')).toBeInTheDocument();
    mock.on('GET /auth-check/', { body: authCheckAs('silver') });
    await userEvent.click(screen.getByRole('button', { name: 'to b' }));
    expect(await screen.findByText('silver')).toBeInTheDocument();
    await act(async () => undefined);
    expect(cached(client)).toBeUndefined();
  });
});
