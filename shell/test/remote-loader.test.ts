import { createInstance } from '@module-federation/enhanced/runtime';
import { PLATFORM_VERSION } from '../src/federation/remote-contract-check';
import { loadRemoteRoutes, loadRemoteWidgets, RemoteUnavailableError } from '../src/federation/remote-loader';

// The real loader, not the stand-in every other file gets (test/stand-in-remotes.ts).
jest.unmock('../src/federation/remote-loader');
jest.mock('@module-federation/enhanced/runtime', () => ({ createInstance: jest.fn() }));

/** The federation runtime, which the loader creates once: each test says what its `loadRemote` answers. */
const runtime = { registerRemotes: jest.fn(), registerPlugins: jest.fn(), loadRemote: jest.fn() };
jest.mocked(createInstance).mockReturnValue(runtime as never);

/** The federation runtime answering every `loadRemote` with `exposed` for the asked module. */
function runtimeExposing(exposed: Record<string, unknown>) {
  runtime.loadRemote.mockImplementation(async (id: string) => ({ default: exposed[id] }));
  return runtime.loadRemote;
}

const remotesJson = {
  remotes: [
    { name: 'remote_clients', entry: 'http://localhost:8083/mf-manifest.json' },
    { name: 'remote_admin', entry: 'http://localhost:8085/mf-manifest.json' },
  ],
};

beforeEach(() => {
  // jsdom has no Response: /remotes.json, and each remote's manifest (the loader checks it before
  // mounting), as the part of one the loader reads.
  globalThis.fetch = jest.fn(async (url: string) => {
    if (url === '/remotes.json') return { ok: true, status: 200, json: async () => remotesJson };
    const name = /8083/.test(url) ? 'remote_clients' : 'remote_admin';
    const manifest = {
      name,
      exposes: [{ path: './routes' }, { path: './widgets' }],
      loupe: { platform: `^${PLATFORM_VERSION}` },
    };
    return { ok: true, status: 200, text: async () => JSON.stringify(manifest) };
  }) as never;
});

it('hands over a remote’s route table keyed by prefix', async () => {
  const table = { '/clients': [{ path: '', element: null }] };
  const loadRemote = runtimeExposing({ 'remote_clients/routes': table });
  await expect(loadRemoteRoutes('clients')).resolves.toBe(table);
  expect(loadRemote).toHaveBeenCalledWith('remote_clients/routes');
});

it('refuses a routes module of another shape (an absolute-path array of an older build)', async () => {
  runtimeExposing({ 'remote_admin/routes': [{ path: '/management/gold', element: null }] });
  const failure = loadRemoteRoutes('admin');
  await expect(failure).rejects.toBeInstanceOf(RemoteUnavailableError);
  await expect(failure).rejects.toThrow(
    'remote_admin/routes does not default-export an object of route arrays keyed by prefix',
  );
});

it('still wants an array of widgets', async () => {
  runtimeExposing({ 'remote_clients/widgets': { clients: [] } });
  await expect(loadRemoteWidgets('clients')).rejects.toThrow(
    'remote_clients/widgets does not default-export an array',
  );
});
