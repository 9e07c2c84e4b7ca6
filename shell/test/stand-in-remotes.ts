/**
 * Every shell test file runs against stand-in remotes: the federation loader is replaced before any test
 * file's code runs, and answers each test with remote-fixtures' route tables and no widgets until the test
 * (or its file) says otherwise. The loader's own tests take the real one back with jest.unmock.
 */
type StandIn = Record<
  'loadRemoteRoutes' | 'loadRemoteWidgets' | 'preloadRemoteRoutes' | 'resetRemote' | 'loadRemotesConfig',
  jest.Mock
>;

/** Made when a file first imports the loader (itself or through the app), so other files load no fixtures. */
let standIn: StandIn | undefined;

jest.mock('../src/federation/remote-loader', () => {
  standIn = {
    loadRemoteRoutes: jest.fn(),
    loadRemoteWidgets: jest.fn(),
    preloadRemoteRoutes: jest.fn(),
    resetRemote: jest.fn(),
    loadRemotesConfig: jest.fn(),
  };
  return standIn;
});

beforeEach(() => {
  if (!standIn) return;
  const { loadFakeRoutes, noWidgets } =
    jest.requireActual<typeof import('./remote-fixtures')>('./remote-fixtures');
  standIn.loadRemoteRoutes.mockImplementation(loadFakeRoutes);
  standIn.loadRemoteWidgets.mockImplementation(noWidgets);
});
