import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { endpoints, type ItemSell } from '@loupe/contracts';
import { api, apiUpload, createApi, createHttpClient, HttpError } from '../src/http';
import {
  QueryClientProvider,
  queryKeys,
  RESOURCES,
  resourceOf,
  useApiMutation,
  type QueryClient,
} from '../src/query';
import { createFetchMock, createTestQueryClient } from '../src/testing';

const SELL: ItemSell = { price: '12500.00', currency: 'GBP', exchangeRate: '1', clientId: 3 };

describe('api: the typed call of an endpoint of the map', () => {
  it('sends the endpoint’s method to its path with the parameters filled in, and the body as JSON', async () => {
    const mock = createFetchMock({
      'GET /csrf/': { cookies: { csrftoken: 'tok' } },
      'POST /api/items/7/sell/': { body: { id: 7, status: 'sold' } },
    });
    const call = createApi(createHttpClient({ fetch: mock.fetch }));
    await expect(call(endpoints.items.sell, { params: { id: 7 }, body: SELL })).resolves.toEqual({
      id: 7,
      status: 'sold',
    });
    const [sent] = mock.callsTo('POST', '/api/items/7/sell/');
    expect(sent?.url).toBe('/api/api/items/7/sell/');
    expect(sent?.body).toEqual(SELL);
    // Through the HTTP client: the CSRF token goes with a change.
    expect(sent?.headers['x-csrftoken']).toBe('tok');
  });

  it('sends a GET with its query and no body; PUT and DELETE with their own methods', async () => {
    const mock = createFetchMock({
      'GET /api/items/': { body: { results: [], count: 0 } },
      'PUT /api/profile/update_profile/': { body: { id: 4 } },
      'DELETE /api/dashboard/pins/9/': { status: 204 },
      'GET /csrf/': { cookies: { csrftoken: 'tok' } },
    });
    const call = createApi(createHttpClient({ fetch: mock.fetch }));
    await call(endpoints.items.list, { query: { page: 2, page_size: 25, status: 'sold', brand: '' } });
    const [list] = mock.callsTo('GET', '/api/items/');
    expect(list?.url).toBe('/api/api/items/?page=2&page_size=25&status=sold');
    expect(list?.body).toBeUndefined();

    const profile = { email: 'a@b.test', first_name: 'Ada', last_name: 'L' };
    await call(endpoints.profile.update, { body: profile });
    expect(mock.callsTo('PUT', '/api/profile/update_profile/').map((c) => c.body)).toEqual([profile]);

    await expect(call(endpoints.pins.delete, { params: { id: 9 } })).resolves.toBeUndefined();
    expect(mock.callsTo('DELETE', '/api/dashboard/pins/9/')).toHaveLength(1);
  });

  it('encodes path parameters and refuses a missing one rather than calling another endpoint', async () => {
    const mock = createFetchMock({ 'DELETE /api/account/sessions/a%2Fb/': { status: 204 } });
    const call = createApi(createHttpClient({ fetch: mock.fetch }));
    document.cookie = 'csrftoken=t; path=/';
    await call(endpoints.sessions.signOut, { params: { sessionId: 'a/b' } });
    expect(mock.calls.at(-1)?.url).toBe('/api/api/account/sessions/a%2Fb/');
    expect(() => call(endpoints.items.detail, { params: { id: '' } })).toThrow('no value for "id"');
  });

  it('takes a download as a Blob, and rejects an error answer with HttpError', async () => {
    const mock = createFetchMock({
      'GET /api/shop/settings/logo/': { body: 'PNG' },
      'GET /api/items/5/': { status: 404, body: { detail: 'Not found.' } },
    });
    const call = createApi(createHttpClient({ fetch: mock.fetch }));
    await expect(call(endpoints.settings.logo)).resolves.toBeInstanceOf(Blob);
    const error = await call(endpoints.items.detail, { params: { id: 5 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(404);
  });

  it('types every part from the map (checked by tsc, never run)', () => {
    const typed = async () => {
      const item = await api(endpoints.items.sell, { params: { id: 1 }, body: SELL });
      const serial: string = item.serial;
      const list = await api(endpoints.items.list, { query: { page: 1 } });
      const count: number = list.count;
      void [serial, count];

      // @ts-expect-error: Sell's body is ItemSell; a price is a decimal, not a yes/no
      await api(endpoints.items.sell, { params: { id: 1 }, body: { price: true } });
      // @ts-expect-error: Sell's body needs a price
      await api(endpoints.items.sell, { params: { id: 1 }, body: { currency: 'GBP' } });
      // @ts-expect-error: a body Sell does not take
      await api(endpoints.items.sell, { params: { id: 1 }, body: { ...SELL, discount: '5' } });
      // @ts-expect-error: the item's id is a path parameter Sell needs
      await api(endpoints.items.sell, { body: SELL });
      // @ts-expect-error: Sell needs its body
      await api(endpoints.items.sell, { params: { id: 1 } });
      // @ts-expect-error: the stock list reads no such query parameter
      await api(endpoints.items.list, { query: { colour: 'red' } });
      // @ts-expect-error: a GET takes no body
      await api(endpoints.items.summary, { body: {} });
      // @ts-expect-error: the answer is an Item, which has no `invoices`
      void (await api(endpoints.items.detail, { params: { id: 1 } })).invoices;
      // @ts-expect-error: only an upload endpoint takes a file
      await apiUpload(endpoints.items.sell, { params: { id: 1 }, file: new Blob() });
    };
    expect(typed).toBeInstanceOf(Function);
  });
});

describe('resources: the cache keys derived from the endpoint map', () => {
  it('names each endpoint’s resource, one per group unless the platform maps the group to another', () => {
    expect(resourceOf(endpoints.items.sell)).toBe('items');
    expect(resourceOf(endpoints.stock.aging)).toBe('items');
    expect(resourceOf(endpoints.quickSales.void)).toBe('quick-sales');
    expect(resourceOf(endpoints.pins.create)).toBe('dashboard');
    expect(resourceOf(endpoints.settings.update)).toBe('shop-settings');
    expect(() => resourceOf({ method: 'GET', path: '/nope/', response: 'NoContent' })).toThrow(
      'not in the map',
    );
    expect(new Set(RESOURCES).size).toBe(RESOURCES.length);
    expect(RESOURCES).toEqual(
      expect.arrayContaining(['items', 'clients', 'invoices', 'dashboard', 'reports']),
    );
    expect(queryKeys.invoices.list({ page: 1 })).toEqual(['invoices', 'list', { page: 1 }]);
    expect(queryKeys['stock-takes'].detail(4)).toEqual(['stock-takes', 'detail', 4]);
  });
});

describe('useApiMutation: a mutation declares what it changes and the platform invalidates it', () => {
  const seeded = (): QueryClient => {
    const client = createTestQueryClient();
    for (const key of [
      queryKeys.items.list({ page: 1 }),
      queryKeys.items.detail(7),
      queryKeys.invoices.list({ page: 1 }),
      queryKeys.clients.detail(3),
      queryKeys.expenses.list({ page: 1 }),
      queryKeys['stock-takes'].detail(4),
      queryKeys['stock-takes'].detail(5),
    ])
      client.setQueryData(key, { seeded: true });
    return client;
  };
  const stale = (client: QueryClient) =>
    client
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.isInvalidated)
      .map((query) => JSON.stringify(query.queryKey))
      .sort();
  const wrapper =
    (client: QueryClient) =>
    ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );

  let mock: ReturnType<typeof createFetchMock>;
  beforeEach(() => {
    mock = createFetchMock({
      'GET /csrf/': { cookies: { csrftoken: 'tok' } },
      'POST /api/items/7/sell/': { body: { id: 7, status: 'sold' } },
      'POST /api/stock-takes/4/scans/': { status: 201, body: { duplicate: false } },
      'POST /api/items/8/sell/': { status: 409, body: { detail: 'Sold already.' } },
    });
    window.fetch = mock.fetch;
  });

  it('sends the endpoint’s call from the variables, then invalidates every declared resource and no other', async () => {
    const client = seeded();
    const { result } = renderHook(
      () =>
        useApiMutation(endpoints.items.sell, {
          call: ({ id, input }: { id: number; input: ItemSell }) => ({ params: { id }, body: input }),
          changes: ['items', 'invoices', 'clients'],
        }),
      { wrapper: wrapper(client) },
    );
    let answer: unknown;
    await act(async () => {
      answer = await result.current.mutateAsync({ id: 7, input: SELL });
    });
    expect(answer).toEqual({ id: 7, status: 'sold' });
    expect(mock.callsTo('POST', '/api/items/7/sell/').map((c) => c.body)).toEqual([SELL]);
    expect(stale(client)).toEqual(
      [
        queryKeys.items.list({ page: 1 }),
        queryKeys.items.detail(7),
        queryKeys.invoices.list({ page: 1 }),
        queryKeys.clients.detail(3),
      ]
        .map((key) => JSON.stringify(key))
        .sort(),
    );
  });

  it('takes keys under a resource, named from the variables, and changes nothing after a failure', async () => {
    const client = seeded();
    const { result } = renderHook(
      () =>
        useApiMutation(endpoints.stockTakes.scan, {
          call: (serial: string) => ({ params: { id: 4 }, body: { serial } }),
          changes: () => [queryKeys['stock-takes'].detail(4)],
        }),
      { wrapper: wrapper(client) },
    );
    await act(() => result.current.mutateAsync('SN-1'));
    expect(mock.callsTo('POST', '/api/stock-takes/4/scans/')[0]?.body).toEqual({ serial: 'SN-1' });
    expect(stale(client)).toEqual([JSON.stringify(queryKeys['stock-takes'].detail(4))]);

    const other = seeded();
    const failing = renderHook(
      () =>
        useApiMutation(endpoints.items.sell, {
          call: (id: number) => ({ params: { id }, body: SELL }),
          changes: ['items'],
        }),
      { wrapper: wrapper(other) },
    );
    await act(async () => {
      await failing.result.current.mutateAsync(8).catch(() => undefined);
    });
    await waitFor(() => expect(failing.result.current.isError).toBe(true));
    expect(stale(other)).toEqual([]);
  });

  it('invalidates after a failure too when asked (invalidateOn: settled)', async () => {
    const client = seeded();
    const { result } = renderHook(
      () =>
        useApiMutation(endpoints.items.sell, {
          call: (id: number) => ({ params: { id }, body: SELL }),
          changes: ['items'],
          invalidateOn: 'settled',
        }),
      { wrapper: wrapper(client) },
    );
    await act(async () => {
      await result.current.mutateAsync(8).catch(() => undefined);
    });
    await waitFor(() =>
      expect(stale(client)).toEqual(
        [queryKeys.items.list({ page: 1 }), queryKeys.items.detail(7)].map((k) => JSON.stringify(k)).sort(),
      ),
    );
  });

  it('type-checks the declared resources (checked by tsc, never run)', () => {
    const useTyped = () =>
      useApiMutation(endpoints.items.sell, {
        call: (id: number) => ({ params: { id }, body: SELL }),
        // @ts-expect-error: 'invoice' is not a resource of the map (the resource is 'invoices')
        changes: ['items', 'invoice'],
      });
    expect(useTyped).toBeInstanceOf(Function);
  });
});
