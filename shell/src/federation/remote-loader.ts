import { getInstance, type ModuleFederation } from '@module-federation/enhanced/runtime';
import type { DashboardWidget, RemoteRoutes } from '@loupe/platform';
import { remoteByKey, type RemoteKey } from './remote-catalog';
import { fetchRemotesConfig, type RemotesConfig } from './remotes-config';
import { TimeoutError, withRetries, withTimeout } from './resilience';

/**
 * The only place that talks to the federation runtime. Components ask for a remote's routes or widgets; this
 * module reads /remotes.json once, registers a remote the first time something needs it, retries quick
 * failures, and gives up within LOAD_BUDGET_MS so the page can show a fallback instead of spinning forever.
 */

/** Leaves room (routing, rendering) within the 5 s in which a broken remote must show its fallback. */
export const LOAD_BUDGET_MS = 4000;
/** Pauses before the second and third attempt. */
const RETRY_DELAYS_MS = [250, 750] as const;

export class RemoteUnavailableError extends Error {
  override name = 'RemoteUnavailableError';
}

let configPromise: Promise<RemotesConfig> | null = null;
const registered = new Set<RemoteKey>();
/** Remotes whose last load failed: the next registration must throw away what the runtime cached. */
const stale = new Set<RemoteKey>();
const loads = new Map<string, Promise<unknown>>();

/** Starts reading /remotes.json (once); a failed read is forgotten so a retry reads it again. */
export function loadRemotesConfig(): Promise<RemotesConfig> {
  if (!configPromise) {
    const pending = fetchRemotesConfig();
    configPromise = pending;
    pending.catch(() => {
      if (configPromise === pending) configPromise = null;
    });
  }
  return configPromise;
}

function federation(): ModuleFederation {
  // The build plugin creates the shell's instance (with its shared singletons) before any app code runs.
  const instance = getInstance();
  if (!instance) throw new RemoteUnavailableError('The module federation runtime is not initialised');
  return instance;
}

async function register(key: RemoteKey, force: boolean): Promise<string> {
  const { name } = remoteByKey(key);
  const config = await loadRemotesConfig();
  const remote = config[key];
  if (!remote) throw new RemoteUnavailableError(`${name} is not listed in /remotes.json`);
  if (!registered.has(key) || force) {
    // `force` drops the runtime's cached manifest, entry script and container for this remote; without it a
    // retry would be answered with the same failure.
    federation().registerRemotes([{ name, entry: remote.entry }], { force: registered.has(key) });
    registered.add(key);
    stale.delete(key);
  }
  return name;
}

type Expose = 'routes' | 'widgets';

/** What each exposed module must default-export: checked, since a remote is deployed on its own. */
const SHAPES: Record<Expose, { describe: string; test: (value: unknown) => boolean }> = {
  routes: {
    describe: 'an object of route arrays keyed by prefix',
    test: (value) =>
      typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      Object.values(value).every((routes) => Array.isArray(routes)),
  },
  widgets: { describe: 'an array', test: (value) => Array.isArray(value) },
};

async function loadExposed<T>(key: RemoteKey, expose: Expose): Promise<T> {
  const deadline = Date.now() + LOAD_BUDGET_MS;
  const attempt = async (index: number): Promise<T> => {
    const name = await register(key, index > 0 || stale.has(key));
    const remaining = Math.max(deadline - Date.now(), 1);
    const module = await withTimeout(
      federation().loadRemote<{ default?: unknown }>(`${name}/${expose}`),
      remaining,
      `Loading ${name}/${expose}`,
    );
    if (!module || !SHAPES[expose].test(module.default)) {
      throw new RemoteUnavailableError(
        `${name}/${expose} does not default-export ${SHAPES[expose].describe}`,
      );
    }
    return module.default as T;
  };
  try {
    return await withRetries(attempt, { delays: RETRY_DELAYS_MS, deadline });
  } catch (error) {
    stale.add(key);
    throw error instanceof TimeoutError || error instanceof RemoteUnavailableError
      ? error
      : new RemoteUnavailableError(
          `${remoteByKey(key).name}/${expose} could not be loaded: ${String(error)}`,
        );
  }
}

function cached<T>(key: RemoteKey, expose: Expose): Promise<T> {
  const id = `${key}/${expose}`;
  let pending = loads.get(id) as Promise<T> | undefined;
  if (!pending) {
    pending = loadExposed<T>(key, expose);
    loads.set(id, pending);
    // Only successes are remembered; the next request after a failure tries again.
    pending.catch(() => {
      if (loads.get(id) === pending) loads.delete(id);
    });
  }
  return pending;
}

/** The remote's `./routes` module. */
export function loadRemoteRoutes(key: RemoteKey): Promise<RemoteRoutes> {
  return cached<RemoteRoutes>(key, 'routes');
}

/** The remote's `./widgets` module. */
export function loadRemoteWidgets(key: RemoteKey): Promise<DashboardWidget[]> {
  return cached<DashboardWidget[]>(key, 'widgets');
}

/** Starts loading a remote's routes early (e.g. while the session is being checked); failures surface later. */
export function preloadRemoteRoutes(key: RemoteKey): void {
  loadRemoteRoutes(key).catch(() => undefined);
}

/** Before a user-requested retry: forget everything cached about this remote, including a bad remotes.json. */
export function resetRemote(key: RemoteKey): void {
  for (const id of [...loads.keys()]) if (id.startsWith(`${key}/`)) loads.delete(id);
  if (registered.has(key)) stale.add(key);
}
