import { createInstance } from '@module-federation/enhanced/runtime';
import { PLATFORM_VERSION } from '../src/federation/remote-contract-check';

jest.mock('@module-federation/enhanced/runtime', () => ({ createInstance: jest.fn() }));

type Loader = typeof import('../src/federation/remote-loader');

/** What the fake network serves: /remotes.json and each manifest, by URL. */
let files: Record<string, unknown>;
let fetchMock: jest.Mock;
let runtime: { registerRemotes: jest.Mock; registerPlugins: jest.Mock; loadRemote: jest.Mock };
/** Which manifest URL each container was last registered from: `loadRemote` answers from that build. */
let registeredFrom: Record<string, string>;

function remotesJson(entries: Record<string, string>) {
  return { remotes: Object.entries(entries).map(([name, entry]) => ({ name, entry })) };
}

function manifest(name: string, platform: string, exposes = ['./routes', './widgets']) {
  return { name, exposes: exposes.map((path) => ({ path })), loupe: { platform, exposes } };
}

/** A fresh copy of the loader (its caches are module state) against the fake network and runtime. */
function freshLoader(): Loader {
  let loader!: Loader;
  jest.isolateModules(() => {
    loader = jest.requireActual('../src/federation/remote-loader');
  });
  return loader;
}

beforeEach(() => {
  files = {};
  registeredFrom = {};
  // jsdom has no Response: the parts of one the loader reads.
  fetchMock = jest.fn(async (url: string) => {
    const body = files[url];
    if (body === undefined) return { ok: false, status: 404 };
    return { ok: true, status: 200, json: async () => body, text: async () => JSON.stringify(body) };
  });
  globalThis.fetch = fetchMock as never;
  runtime = {
    registerRemotes: jest.fn((remotes: Array<{ name: string; entry: string }>) => {
      for (const remote of remotes) registeredFrom[remote.name] = remote.entry;
    }),
    registerPlugins: jest.fn(),
    // Each build answers with its own route table, so a test sees which one is mounted.
    loadRemote: jest.fn(async (id: string) => {
      const [name] = id.split('/');
      return { default: { '/clients': [{ path: '', element: registeredFrom[name as string] }] } };
    }),
  };
  jest.mocked(createInstance).mockReturnValue(runtime as never);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => jest.mocked(console.error).mockRestore());

const V1 = 'http://localhost:8083/mf-manifest.json';
/** A build for the platform this shell runs: the range the shared webpack config writes into a manifest. */
const BUILT_FOR_THIS = `^${PLATFORM_VERSION}`;
const V2 = 'http://localhost:8083/v2/mf-manifest.json';

const builtFrom = (table: unknown) =>
  (table as Record<string, Array<{ element: unknown }>>)['/clients']?.[0]?.element;

describe('version skew: the shell checks a remote’s manifest before mounting it', () => {
  it('mounts a remote built for the platform this shell runs, handing the checked manifest to the runtime', async () => {
    files['/remotes.json'] = remotesJson({ remote_clients: V1 });
    files[V1] = manifest('remote_clients', BUILT_FOR_THIS);
    const loader = freshLoader();
    await expect(loader.loadRemoteRoutes('clients').then(builtFrom)).resolves.toBe(V1);
    expect(runtime.registerRemotes).toHaveBeenCalledWith([{ name: 'remote_clients', entry: V1 }], {
      force: false,
    });
    // The runtime asks the plugin first: it gets the manifest that was checked, not a second download.
    const plugin = runtime.registerPlugins.mock.calls[0]?.[0]?.[0] as { fetch: (url: string) => unknown };
    expect(plugin.fetch('http://elsewhere.test/mf-manifest.json')).toBeUndefined();
    expect(fetchMock.mock.calls.filter(([url]) => url === V1)).toHaveLength(1);
  });

  it('refuses a remote built for another major at once (no retries), with a reason and a line for its team', async () => {
    files['/remotes.json'] = remotesJson({ remote_clients: V1 });
    files[V1] = manifest('remote_clients', '^2.0.0');
    const loader = freshLoader();
    const failure = loader.loadRemoteRoutes('clients');
    await expect(failure).rejects.toBeInstanceOf(loader.RemoteIncompatibleError);
    const { incompatibilityReason } = jest.requireActual('../src/federation/remote-contract-check');
    const error = await failure.catch((e: unknown) => e);
    expect(incompatibilityReason(error)).toBe(
      'Clients was built for a different version of Loupe (platform 2.0) and cannot be shown until its team releases an update.',
    );
    expect(fetchMock.mock.calls.filter(([url]) => url === V1)).toHaveLength(1);
    expect(runtime.registerRemotes).not.toHaveBeenCalled();
    expect(runtime.loadRemote).not.toHaveBeenCalled();
    expect(console.error).toHaveBeenCalledWith(
      `Loupe: remote_clients was built for @loupe/platform ^2.0.0; this shell provides ${PLATFORM_VERSION} (${V1}); its area shows a notice until a compatible build is deployed.`,
    );
  });

  it('refuses a remote that lacks a module the shell mounts (Clients’ widgets)', async () => {
    files['/remotes.json'] = remotesJson({ remote_clients: V1 });
    files[V1] = manifest('remote_clients', BUILT_FOR_THIS, ['./routes']);
    const loader = freshLoader();
    const error = await loader.loadRemoteWidgets('clients').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(loader.RemoteIncompatibleError);
    expect((error as Error).message).toBe(
      'remote_clients does not expose ./widgets (it exposes ./routes), which this shell mounts',
    );
  });
});

describe('a newer /remotes.json in an open page', () => {
  it('keeps what is loaded until the remote is asked for again, then loads it from its new place', async () => {
    files['/remotes.json'] = remotesJson({ remote_clients: V1 });
    files[V1] = manifest('remote_clients', BUILT_FOR_THIS);
    files[V2] = manifest('remote_clients', BUILT_FOR_THIS);
    const loader = freshLoader();
    const mounted = await loader.loadRemoteRoutes('clients');
    expect(builtFrom(mounted)).toBe(V1);

    // Nothing changed: nothing moves, nothing is fetched again but /remotes.json.
    await expect(loader.refreshRemotesConfig()).resolves.toEqual([]);
    await expect(loader.loadRemoteRoutes('clients')).resolves.toBe(mounted);

    files['/remotes.json'] = remotesJson({ remote_clients: V2 });
    await expect(loader.refreshRemotesConfig()).resolves.toEqual(['clients']);
    // The refresh itself loads nothing: a screen on V1 (and a form on it) stays as it is.
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
    expect(builtFrom(mounted)).toBe(V1);

    // The next visit to the area: the new build, registered afresh.
    await expect(loader.loadRemoteRoutes('clients').then(builtFrom)).resolves.toBe(V2);
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith([{ name: 'remote_clients', entry: V2 }], {
      force: true,
    });

    // A rollback is the same move back.
    files['/remotes.json'] = remotesJson({ remote_clients: V1 });
    await expect(loader.refreshRemotesConfig()).resolves.toEqual(['clients']);
    await expect(loader.loadRemoteRoutes('clients').then(builtFrom)).resolves.toBe(V1);
  });

  it('a deploy of an incompatible build is refused at the next visit, the loaded one staying until then', async () => {
    files['/remotes.json'] = remotesJson({ remote_clients: V1 });
    files[V1] = manifest('remote_clients', BUILT_FOR_THIS);
    files[V2] = manifest('remote_clients', '^3.1.0');
    const loader = freshLoader();
    await loader.loadRemoteRoutes('clients');
    files['/remotes.json'] = remotesJson({ remote_clients: V2 });
    await loader.refreshRemotesConfig();
    await expect(loader.loadRemoteRoutes('clients')).rejects.toBeInstanceOf(loader.RemoteIncompatibleError);
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
  });

  it('a remote moved to an origin the page’s policy does not name is loaded by a fresh page, not in this one', async () => {
    const elsewhere = 'http://cdn.example.test/clients/mf-manifest.json';
    files['/remotes.json'] = remotesJson({ remote_clients: V1 });
    files[V1] = manifest('remote_clients', BUILT_FOR_THIS);
    files[elsewhere] = manifest('remote_clients', BUILT_FOR_THIS);
    const loader = freshLoader();
    await loader.loadRemoteRoutes('clients');
    files['/remotes.json'] = remotesJson({ remote_clients: elsewhere });
    await loader.refreshRemotesConfig();
    let settled = false;
    void loader.loadRemoteRoutes('clients').finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // jsdom cannot navigate; it reports the attempt, which is the page load the browser makes.
    expect(jest.mocked(console.error).mock.calls.flat().join(' ')).toMatch(/navigation/);
    expect(settled).toBe(false);
    expect(fetchMock.mock.calls.some(([url]) => url === elsewhere)).toBe(false);
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
  });

  it('looks again when the window regains focus and on an interval, until told to stop', async () => {
    jest.useFakeTimers();
    try {
      files['/remotes.json'] = remotesJson({ remote_clients: V1 });
      const loader = freshLoader();
      const stop = loader.watchRemotesConfig({ intervalMs: 60_000 });
      const reads = () => fetchMock.mock.calls.filter(([url]) => url === '/remotes.json').length;
      window.dispatchEvent(new Event('focus'));
      await jest.advanceTimersByTimeAsync(0);
      expect(reads()).toBe(1);
      await jest.advanceTimersByTimeAsync(60_000);
      expect(reads()).toBe(2);
      stop();
      window.dispatchEvent(new Event('focus'));
      await jest.advanceTimersByTimeAsync(120_000);
      expect(reads()).toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });
});
