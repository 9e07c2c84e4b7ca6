import type { ModuleFederation } from '@module-federation/enhanced/runtime';
import type { DashboardWidget, RemoteRoutes } from '@loupe/platform';
import { federationRuntime } from './federation-runtime';
import { remoteByKey, type RemoteKey } from './remote-catalog';
import { assertCompatible, RemoteIncompatibleError } from './remote-contract-check';
import { fetchRemotesConfig, type RemotesConfig } from './remotes-config';
import { TimeoutError, withRetries, withTimeout } from './resilience';

export { RemoteIncompatibleError } from './remote-contract-check';

/**
 * The only place that talks to the federation runtime. Components ask for a remote's routes or widgets; this
 * module reads /remotes.json, checks a remote's manifest against this shell (platform version, exposes) and
 * registers the remote the first time something needs it, retries quick failures, and gives up within
 * LOAD_BUDGET_MS so the page can show a fallback instead of spinning forever. A newer /remotes.json
 * (refreshRemotesConfig) takes effect at the next load of a remote, never under a mounted one.
 */

/** Leaves room (routing, rendering) within the 5 s in which a broken remote must show its fallback. */
export const LOAD_BUDGET_MS = 4000;
/** Pauses before the second and third attempt. */
const RETRY_DELAYS_MS = [250, 750] as const;

export class RemoteUnavailableError extends Error {
  override name = 'RemoteUnavailableError';
}

let configPromise: Promise<RemotesConfig> | null = null;
/** The entry each remote was registered with: another entry in /remotes.json means a new registration. */
const registered = new Map<RemoteKey, string>();
/** Remotes whose last load failed: the next registration must throw away what the runtime cached. */
const stale = new Set<RemoteKey>();
const loads = new Map<string, Promise<unknown>>();
/**
 * Origins the page's Content-Security-Policy was sent for: those of the first /remotes.json it read (the
 * server builds the policy from the same list). A remote moved elsewhere later needs a fresh page.
 */
let allowedOrigins: ReadonlySet<string> | null = null;
/** Remotes moved to an origin the page's policy does not allow: their next load is a full page load. */
const needsPageLoad = new Set<RemoteKey>();

function origins(config: RemotesConfig): Set<string> {
  return new Set(Object.values(config).flatMap((remote) => (remote ? [new URL(remote.entry).origin] : [])));
}

/** Starts reading /remotes.json (once); a failed read is forgotten so a retry reads it again. */
export function loadRemotesConfig(): Promise<RemotesConfig> {
  if (!configPromise) {
    const pending = fetchRemotesConfig().then((config) => {
      allowedOrigins ??= origins(config);
      return config;
    });
    configPromise = pending;
    pending.catch(() => {
      if (configPromise === pending) configPromise = null;
    });
  }
  return configPromise;
}

/**
 * Reads /remotes.json again and adopts it. A remote whose entry changed (a deploy or a rollback) is loaded
 * from its new place the next time an area or the dashboard asks for it; whatever is mounted now keeps the
 * code it has, so nobody's form is replaced under them. Returns the remotes that moved.
 */
export async function refreshRemotesConfig(): Promise<RemoteKey[]> {
  const next = await fetchRemotesConfig();
  const current = await (configPromise ?? Promise.resolve<RemotesConfig>({})).catch(
    (): RemotesConfig => ({}),
  );
  configPromise = Promise.resolve(next);
  allowedOrigins ??= origins(next);
  const moved: RemoteKey[] = [];
  for (const key of new Set([...Object.keys(current), ...Object.keys(next)])) {
    const entry = next[key]?.entry;
    if (entry === current[key]?.entry) continue;
    moved.push(key);
    forget(key);
    if (entry && !allowedOrigins.has(new URL(entry).origin)) needsPageLoad.add(key);
    else needsPageLoad.delete(key);
  }
  return moved;
}

/** How often an open page looks for a deploy when nobody comes back to it (focus checks at once). */
export const REFRESH_INTERVAL_MS = 3 * 60_000;

/**
 * Keeps an open page's /remotes.json current: when the window regains focus and every few minutes. A read
 * that fails is ignored (the page keeps what it has). Returns the function that stops watching.
 */
export function watchRemotesConfig({ intervalMs = REFRESH_INTERVAL_MS } = {}): () => void {
  let inFlight = false;
  const refresh = () => {
    if (inFlight) return;
    inFlight = true;
    refreshRemotesConfig()
      .catch(() => undefined)
      .finally(() => {
        inFlight = false;
      });
  };
  window.addEventListener('focus', refresh);
  const timer = window.setInterval(refresh, intervalMs);
  return () => {
    window.removeEventListener('focus', refresh);
    window.clearInterval(timer);
  };
}

/** The runtime, fetched with the first remote a page needs; its download counts against the load's budget. */
function federation(timeoutMs: number): Promise<ModuleFederation> {
  return withTimeout(federationRuntime(), timeoutMs, 'Loading the module federation runtime');
}

/**
 * Manifests this module fetched and checked, handed to the runtime when it asks for the same URL next, so a
 * check costs no second request and the runtime mounts exactly the manifest that was checked.
 */
const checkedManifests = new Map<string, string>();
let manifestHandOver = false;

function handOverCheckedManifests(instance: ModuleFederation): void {
  if (manifestHandOver) return;
  manifestHandOver = true;
  instance.registerPlugins([
    {
      name: 'loupe-checked-manifests',
      fetch(url: string) {
        const text = checkedManifests.get(url);
        if (text === undefined) return undefined;
        checkedManifests.delete(url);
        return Promise.resolve(
          new Response(text, { status: 200, headers: { 'Content-Type': 'application/json' } }),
        );
      },
    },
  ]);
}

/** Reads and checks the remote's manifest before the runtime sees it (an entry script has none to check). */
async function checkManifest(key: RemoteKey, entry: string, timeoutMs: number): Promise<void> {
  if (!/\.json([?#]|$)/.test(entry)) return;
  const response = await withTimeout(
    fetch(entry, { cache: 'no-cache', credentials: 'omit' }),
    timeoutMs,
    `Loading ${entry}`,
  );
  if (!response.ok) throw new RemoteUnavailableError(`${entry} answered ${response.status}`);
  const text = await response.text();
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch {
    throw new RemoteUnavailableError(`${entry} is not JSON`);
  }
  assertCompatible(remoteByKey(key), manifest, entry);
  checkedManifests.set(entry, text);
}

/** Registers the remote with the runtime if it is not, or no longer, registered from its current entry. */
async function register(
  key: RemoteKey,
  force: boolean,
  timeoutMs: number,
): Promise<{ name: string; instance: ModuleFederation }> {
  const { name } = remoteByKey(key);
  // Downloaded while /remotes.json and the manifest are read, not after them.
  const runtime = federation(timeoutMs);
  runtime.catch(() => undefined);
  const config = await loadRemotesConfig();
  const remote = config[key];
  if (!remote) throw new RemoteUnavailableError(`${name} is not listed in /remotes.json`);
  if (needsPageLoad.has(key)) {
    // The page's policy would block the remote's new origin: the navigation that asked for it becomes a
    // page load, which brings a policy naming it. Nothing settles meanwhile, so no fallback flashes.
    window.location.reload();
    return new Promise<never>(() => undefined);
  }
  const known = registered.get(key);
  if (known === undefined || known !== remote.entry || force) {
    await checkManifest(key, remote.entry, timeoutMs);
    const instance = await runtime;
    handOverCheckedManifests(instance);
    // `force` drops the runtime's cached manifest, entry script and container for this remote; without it a
    // retry (or a remote moved by a deploy) would be answered with what the runtime already has.
    instance.registerRemotes([{ name, entry: remote.entry }], { force: known !== undefined });
    registered.set(key, remote.entry);
    stale.delete(key);
  }
  return { name, instance: await runtime };
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
  const remaining = () => Math.max(deadline - Date.now(), 1);
  const attempt = async (index: number): Promise<T> => {
    const { name, instance } = await register(key, index > 0 || stale.has(key), remaining());
    const module = await withTimeout(
      instance.loadRemote<{ default?: unknown }>(`${name}/${expose}`),
      remaining(),
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
    return await withRetries(attempt, {
      delays: RETRY_DELAYS_MS,
      deadline,
      permanent: (error) => error instanceof RemoteIncompatibleError,
    });
  } catch (error) {
    stale.add(key);
    if (error instanceof RemoteIncompatibleError) {
      // For the remote's team, who will find it in the browser console or the error reports.
      console.error(
        `Loupe: ${error.message} (${error.manifestUrl}); its area shows a notice until a compatible build is deployed.`,
      );
      throw error;
    }
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

/** Drops the loaded modules of a remote, so the next request for them loads it again. */
function forget(key: RemoteKey): void {
  for (const id of [...loads.keys()]) if (id.startsWith(`${key}/`)) loads.delete(id);
}

/** Before a user-requested retry: forget everything cached about this remote, including a bad remotes.json. */
export function resetRemote(key: RemoteKey): void {
  forget(key);
  if (registered.has(key)) stale.add(key);
}
