import { fetchRemotesConfig, parseRemotesConfig, RemotesConfigError } from '../src/federation/remotes-config';
import { remoteForPath } from '../src/federation/remote-catalog';

describe('parseRemotesConfig', () => {
  it('maps known containers to their manifest URLs', () => {
    const config = parseRemotesConfig(
      {
        remotes: [
          { name: 'remote_auth', entry: 'http://localhost:8081/mf-manifest.json' },
          { name: 'remote_admin', entry: 'https://admin.cdn.example.com/v7/mf-manifest.json' },
        ],
      },
      'http://localhost:8080/dashboard',
    );
    expect(config).toEqual({
      auth: { key: 'auth', name: 'remote_auth', entry: 'http://localhost:8081/mf-manifest.json' },
      admin: {
        key: 'admin',
        name: 'remote_admin',
        entry: 'https://admin.cdn.example.com/v7/mf-manifest.json',
      },
    });
  });

  it('resolves relative entries against the page and drops what it cannot use', () => {
    const config = parseRemotesConfig(
      {
        remotes: [
          { name: 'remote_clients', entry: '/remotes/clients/mf-manifest.json' },
          { name: 'remote_future', entry: 'http://x/mf-manifest.json' },
          { name: 'remote_finance', entry: 'javascript:alert(1)' },
          { name: 'remote_inventory' },
          { name: 'remote_admin', entry: '   ' },
          'nonsense',
          null,
        ],
      },
      'https://loupe.example.com/clients/edit/3',
    );
    expect(config).toEqual({
      clients: {
        key: 'clients',
        name: 'remote_clients',
        entry: 'https://loupe.example.com/remotes/clients/mf-manifest.json',
      },
    });
  });

  it('rejects a file without a remotes array', () => {
    expect(() => parseRemotesConfig({ remote_auth: 'x' }, 'http://localhost/')).toThrow(RemotesConfigError);
    expect(() => parseRemotesConfig(null, 'http://localhost/')).toThrow(RemotesConfigError);
  });
});

describe('fetchRemotesConfig', () => {
  it('asks for /remotes.json past the HTTP cache', async () => {
    const fetchMock = jest.fn(async () => ({
      ok: true,
      status: 200,
      json: async () => ({
        remotes: [{ name: 'remote_finance', entry: 'http://localhost:8084/mf-manifest.json' }],
      }),
    }));
    const config = await fetchRemotesConfig(fetchMock as unknown as typeof fetch);
    expect(fetchMock).toHaveBeenCalledWith('/remotes.json', expect.objectContaining({ cache: 'no-cache' }));
    expect(config.finance?.entry).toBe('http://localhost:8084/mf-manifest.json');
  });

  it('fails on an HTTP error', async () => {
    const fetchMock = jest.fn(async () => ({ ok: false, status: 503, json: async () => ({}) }));
    await expect(fetchRemotesConfig(fetchMock as unknown as typeof fetch)).rejects.toThrow(
      '/remotes.json answered 503',
    );
  });
});

describe('remoteForPath', () => {
  it.each([
    ['/account/settings', 'auth'],
    ['/profile/settings', 'auth'],
    ['/stock/watches', 'inventory'],
    ['/inventory/edit/12', 'inventory'],
    ['/clients', 'clients'],
    ['/clients/edit/4', 'clients'],
    ['/expenses', 'finance'],
    ['/expenselist', 'finance'],
    ['/quicksales', 'finance'],
    ['/reports', 'finance'],
    ['/invoices', 'finance'],
    ['/deals/new', 'finance'],
    ['/deals/12', 'finance'],
    ['/purchases/new', 'finance'],
    ['/purchases/3', 'finance'],
    ['/management/gold', 'admin'],
  ])('%s belongs to %s', (path, key) => {
    expect(remoteForPath(path)?.key).toBe(key);
  });

  it.each(['/login', '/loginx', '/stocks', '/dashboard', '/', '/management'.slice(0, 5)])(
    '%s belongs to no remote',
    (path) => {
      expect(remoteForPath(path)).toBeUndefined();
    },
  );
});
