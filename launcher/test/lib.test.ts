import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  applyDeployed,
  cacheControlFor,
  deployedRemotesFile,
  devRemotesConfig,
  IMMUTABLE,
  manifestUrl,
  NO_CACHE,
  planRemotes,
  REMOTES,
  REMOTES_PORT_SPAN,
  remotesConfig,
  shellPort,
} from '../src/lib.cjs';

describe('npm start: which remotes are served where', () => {
  it('serves every remote locally from its own port by default', () => {
    const plan = planRemotes({});
    // The first five as they have always been served, then every remote of the list on the next port: the
    // rule (8081 + the list's port offset), not a copy of the list, so a remote added there needs no edit here.
    const expected = JSON.parse(
      readFileSync(path.join(__dirname, '../../platform/remotes.json'), 'utf8'),
    ) as {
      remotes: Array<{ name: string; portOffset: number }>;
    };
    expect(plan.slice(0, 5).map((r) => [r.name, r.local, r.local ? r.port : r.url])).toEqual([
      ['remote_auth', true, 8081],
      ['remote_inventory', true, 8082],
      ['remote_clients', true, 8083],
      ['remote_finance', true, 8084],
      ['remote_admin', true, 8085],
    ]);
    expect(plan.map((r) => [r.name, r.local, r.local ? r.port : r.url])).toEqual(
      expected.remotes.map((r) => [r.name, true, 8081 + r.portOffset]),
    );
    expect(remotesConfig(plan, { protocol: 'http', hostname: 'localhost' })).toEqual({
      remotes: expected.remotes.map((r) => ({
        name: r.name,
        entry: `http://localhost:${8081 + r.portOffset}/mf-manifest.json`,
      })),
    });
  });

  it('moves the local ports with REMOTES_PORT_BASE and follows the host name the browser used', () => {
    const config = remotesConfig(planRemotes({ REMOTES_PORT_BASE: '9100' }), {
      protocol: 'http',
      hostname: '127.0.0.1',
    });
    expect(config.remotes[0]).toEqual({
      name: 'remote_auth',
      entry: 'http://127.0.0.1:9100/mf-manifest.json',
    });
    expect(config.remotes[4]).toEqual({
      name: 'remote_admin',
      entry: 'http://127.0.0.1:9104/mf-manifest.json',
    });
    expect(remotesConfig(planRemotes({}), { hostname: '::1' }).remotes[0]?.entry).toBe(
      'http://[::1]:8081/mf-manifest.json',
    );
  });

  it('points at an external deployment when REMOTE_<NAME>_URL is set, and does not serve it locally', () => {
    const plan = planRemotes({
      REMOTE_ADMIN_URL: 'https://admin.cdn.example.com/releases/42/',
      REMOTE_AUTH_URL: 'https://auth.example.com/mf-manifest.json',
    });
    const admin = plan.find((r) => r.key === 'admin');
    expect(admin).toMatchObject({ local: false, url: 'https://admin.cdn.example.com/releases/42/' });
    expect(plan.filter((r) => r.local).map((r) => r.key)).toEqual(
      REMOTES.map((r: { key: string }) => r.key).filter((key: string) => key !== 'admin' && key !== 'auth'),
    );
    const entries = Object.fromEntries(
      remotesConfig(plan, { hostname: 'localhost' }).remotes.map((r) => [r.name, r.entry]),
    );
    expect(entries.remote_admin).toBe('https://admin.cdn.example.com/releases/42/mf-manifest.json');
    expect(entries.remote_auth).toBe('https://auth.example.com/mf-manifest.json');
    expect(entries.remote_clients).toBe('http://localhost:8083/mf-manifest.json');
  });

  it('rejects unusable settings with a clear message', () => {
    expect(() => planRemotes({ REMOTE_CLIENTS_URL: 'clients.example.com' })).toThrow(
      /REMOTE_CLIENTS_URL must be an absolute/,
    );
    expect(() => planRemotes({ REMOTE_CLIENTS_URL: 'ftp://clients.example.com' })).toThrow(/http\(s\)/);
    expect(() => planRemotes({ REMOTES_PORT_BASE: '65534' })).toThrow(/REMOTES_PORT_BASE/);
    expect(() => shellPort({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(shellPort({})).toBe(8080);
    expect(shellPort({ PORT: '3000' })).toBe(3000);
  });

  it('gives the shell dev server the remotes’ dev servers', () => {
    expect(devRemotesConfig({}, 'localhost').remotes[1]).toEqual({
      name: 'remote_inventory',
      entry: 'http://localhost:8082/mf-manifest.json',
    });
  });

  it('builds manifest URLs from base URLs', () => {
    expect(manifestUrl('https://x.example.com')).toBe('https://x.example.com/mf-manifest.json');
    expect(manifestUrl('https://x.example.com/a//')).toBe('https://x.example.com/a/mf-manifest.json');
    expect(manifestUrl('https://x.example.com/remoteEntry.js')).toBe('https://x.example.com/remoteEntry.js');
  });
});

describe('npm start: cache headers', () => {
  it.each([
    ['mf-manifest.json', NO_CACHE],
    ['remoteEntry.js', NO_CACHE],
    ['index.html', NO_CACHE],
    ['/srv/remote-admin/dist/mf-manifest.json', NO_CACHE],
    ['main.c93ccbc4b6ce6dabebd3.js', IMMUTABLE],
    ['__federation_expose_routes.a0eb065d529b3cf03cd2.js', IMMUTABLE],
    ['/srv/shell/dist/876.7c0b15d7b523e448f21c.js', IMMUTABLE],
    ['876.7c0b15d7b523e448f21c.js.map', NO_CACHE],
    ['mf-stats.json', NO_CACHE],
  ])('%s → %s', (file, expected) => {
    expect(cacheControlFor(file)).toBe(expected);
  });

  it('caches hashed chunks for a year, immutably', () => {
    expect(IMMUTABLE).toBe('public, max-age=31536000, immutable');
    expect(NO_CACHE).toBe('no-cache');
  });
});

describe('the remotes list (platform/remotes.json)', () => {
  const all = (field: 'key' | 'name' | 'env' | 'dir') => REMOTES.map((remote) => remote[field]);

  it('names every remote, container, variable and folder once', () => {
    for (const field of ['key', 'name', 'env', 'dir'] as const) {
      expect(new Set(all(field)).size).toBe(REMOTES.length);
    }
    expect(REMOTES.map((remote) => remote.portOffset)).toEqual(REMOTES.map((_remote, index) => index));
    expect(REMOTES_PORT_SPAN).toBe(REMOTES.length);
  });

  it('gives each URL prefix to one remote only, as whole path segments', () => {
    const prefixes = REMOTES.flatMap((remote) => remote.prefixes);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    for (const prefix of prefixes) expect(prefix).toMatch(/^\/[a-z-]+$/);
  });

  it('points at folders that hold a remote', () => {
    for (const dir of all('dir')) {
      expect(existsSync(path.join(__dirname, '..', '..', dir, 'src', 'routes.tsx'))).toBe(true);
    }
  });
});

describe('the deployed-remotes file (remote:deploy)', () => {
  it('lives in the data folder unless REMOTES_FILE names it, relative paths from where npm was typed', () => {
    expect(deployedRemotesFile({}, '/srv/loupe/data')).toBe('/srv/loupe/data/deployed-remotes.json');
    expect(deployedRemotesFile({ INIT_CWD: '/home/ops' }, 'data')).toBe(
      '/home/ops/data/deployed-remotes.json',
    );
    expect(
      deployedRemotesFile({ INIT_CWD: '/home/ops', REMOTES_FILE: 'etc/remotes.json' }, '/srv/data'),
    ).toBe('/home/ops/etc/remotes.json');
  });

  it('replaces the start’s entries with the deployed ones; an entry rolled back to null is the start’s own', () => {
    const plan = planRemotes({ REMOTE_ADMIN_URL: 'https://admin.loupe.example/' });
    const served = applyDeployed(plan, {
      remotes: {
        inventory: {
          entry: 'https://cdn.loupe.example/inventory/7/mf-manifest.json',
          deployedAt: '2026-11-23T17:00:00.000Z',
          previous: { entry: null, deployedAt: null },
        },
        admin: { entry: null, deployedAt: '2026-11-23T17:00:00.000Z', previous: null },
      },
    });
    expect(remotesConfig(served, { hostname: 'localhost' }).remotes).toEqual([
      { name: 'remote_auth', entry: 'http://localhost:8081/mf-manifest.json' },
      { name: 'remote_inventory', entry: 'https://cdn.loupe.example/inventory/7/mf-manifest.json' },
      { name: 'remote_clients', entry: 'http://localhost:8083/mf-manifest.json' },
      { name: 'remote_finance', entry: 'http://localhost:8084/mf-manifest.json' },
      { name: 'remote_admin', entry: 'https://admin.loupe.example/mf-manifest.json' },
      // Every later remote of the list (workshop, online, …) on its own port: the rule, not a copy of the list.
      ...REMOTES.slice(5).map((r) => ({
        name: r.name,
        entry: `http://localhost:${8081 + r.portOffset}/mf-manifest.json`,
      })),
    ]);
  });
});
