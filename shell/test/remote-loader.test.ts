import { getInstance } from '@module-federation/enhanced/runtime';
import { loadRemoteRoutes, loadRemoteWidgets, RemoteUnavailableError } from '../src/federation/remote-loader';

jest.mock('@module-federation/enhanced/runtime', () => ({ getInstance: jest.fn() }));

/** The federation runtime answering every `loadRemote` with `exposed` for the asked module. */
function runtimeExposing(exposed: Record<string, unknown>) {
  const loadRemote = jest.fn(async (id: string) => ({ default: exposed[id] }));
  jest.mocked(getInstance).mockReturnValue({ registerRemotes: jest.fn(), loadRemote } as never);
  return loadRemote;
}

const remotesJson = {
  remotes: [
    { name: 'remote_clients', entry: 'http://localhost:8083/mf-manifest.json' },
    { name: 'remote_admin', entry: 'http://localhost:8085/mf-manifest.json' },
  ],
};

beforeEach(() => {
  // jsdom has no Response: /remotes.json as the part of one the loader reads.
  globalThis.fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => remotesJson })) as never;
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
