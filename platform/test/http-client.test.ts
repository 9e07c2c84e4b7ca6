import { createHttpClient, HttpError, errorDetail, fieldErrors } from '../src/http';
import { createFetchMock } from '../src/testing';

describe('HTTP client (SPEC §7, §8)', () => {
  it('calls under /api with cookies and JSON, and sends no CSRF header on GET', async () => {
    const mock = createFetchMock({ 'GET /auth-check/': { body: { user: null } } });
    const client = createHttpClient({ fetch: mock.fetch });
    await expect(client.get('/auth-check/')).resolves.toEqual({ user: null });
    expect(mock.calls).toHaveLength(1);
    expect(mock.calls[0]?.url).toBe('/api/auth-check/');
    expect(mock.calls[0]?.headers['x-csrftoken']).toBeUndefined();
    expect(mock.callsTo('GET', '/csrf/')).toHaveLength(0);
  });

  it('fetches /csrf/ first when the cookie is absent, then sends the token in X-CSRFToken', async () => {
    const mock = createFetchMock({
      'GET /csrf/': { cookies: { csrftoken: 'tok-1' } },
      'POST /token/': { body: {} },
    });
    const client = createHttpClient({ fetch: mock.fetch });
    await client.post('/token/', { username: 'a', password: 'b' });
    expect(mock.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /csrf/', 'POST /token/']);
    expect(mock.calls[0]?.headers['x-skip-csrf']).toBe('true');
    expect(mock.calls[1]?.headers['x-csrftoken']).toBe('tok-1');
    expect(mock.calls[1]?.headers['content-type']).toBe('application/json');
    expect(mock.calls[1]?.body).toEqual({ username: 'a', password: 'b' });
  });

  it('does not fetch /csrf/ when the cookie exists, and shares one fetch between concurrent calls', async () => {
    const mock = createFetchMock({ 'GET /csrf/': { cookies: { csrftoken: 'tok' } }, 'PUT /x/': { body: 1 } });
    const client = createHttpClient({ fetch: mock.fetch });
    await Promise.all([client.put('/x/', {}), client.put('/x/', {}), client.put('/x/', {})]);
    expect(mock.callsTo('GET', '/csrf/')).toHaveLength(1);
    await client.put('/x/', {});
    expect(mock.callsTo('GET', '/csrf/')).toHaveLength(1);
  });

  it('retries a 403 once after refreshing the token, and only once', async () => {
    let n = 0;
    const mock = createFetchMock({
      'GET /csrf/': () => ({ cookies: { csrftoken: `tok-${++n}` } }),
      'POST /x/': (call) =>
        call.headers['x-csrftoken'] === 'tok-2'
          ? { body: { ok: true } }
          : { status: 403, body: { detail: 'no' } },
    });
    const client = createHttpClient({ fetch: mock.fetch });
    await expect(client.post('/x/')).resolves.toEqual({ ok: true });
    expect(mock.callsTo('POST', '/x/').map((c) => c.headers['x-csrftoken'])).toEqual(['tok-1', 'tok-2']);

    mock.on('POST /y/', { status: 403, body: { detail: 'CSRF Failed: CSRF token incorrect.' } });
    const error = await client.post('/y/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(403);
    expect(mock.callsTo('POST', '/y/')).toHaveLength(2);
  });

  it('calls the unauthorized handler on 401 and rejects with the body', async () => {
    const mock = createFetchMock({ 'GET /api/profile/me/': { status: 401, body: { detail: 'Nope' } } });
    const client = createHttpClient({ fetch: mock.fetch });
    const onUnauthorized = jest.fn();
    client.setUnauthorizedHandler(onUnauthorized);
    const error = await client.get('/api/profile/me/').catch((e: unknown) => e);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(errorDetail(error)).toBe('Nope');
  });

  it('keeps going when the CSRF fetch fails (only logged)', async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const mock = createFetchMock({ 'GET /csrf/': { status: 500 }, 'POST /x/': { status: 200, body: 'ok' } });
    const client = createHttpClient({ fetch: mock.fetch });
    await expect(client.post('/x/')).resolves.toBe('ok');
    expect(spy).toHaveBeenCalled();
    await expect(client.refreshCsrf()).rejects.toBeInstanceOf(HttpError);
    spy.mockRestore();
  });

  it('adds query parameters and reads DRF field errors', async () => {
    const mock = createFetchMock({ 'GET /list/': { status: 400, body: { email: ['Bad.', 'Worse.'] } } });
    const client = createHttpClient({ fetch: mock.fetch });
    const error = await client
      .get('/list/', { query: { role: 'gold', empty: '', gone: undefined } })
      .catch((e) => e);
    expect(mock.calls[0]?.url).toBe('/api/list/?role=gold');
    expect(fieldErrors(error)).toEqual({ email: 'Bad. Worse.' });
  });
});
