import { remoteByName, type RemoteKey } from './remote-catalog';

/**
 * `/remotes.json`, written by whoever deploys the shell (`npm start` generates it):
 * `{ "remotes": [{ "name": "remote_admin", "entry": "https://admin.example.com/mf-manifest.json" }, …] }`.
 * A deploy moves a remote by changing this file, never by rebuilding the shell.
 */
export interface RemoteEntry {
  key: RemoteKey;
  name: string;
  /** Absolute URL of the remote's mf-manifest.json (or remoteEntry.js). */
  entry: string;
}

export type RemotesConfig = Partial<Record<RemoteKey, RemoteEntry>>;

export const REMOTES_CONFIG_URL = '/remotes.json';

export class RemotesConfigError extends Error {
  override name = 'RemotesConfigError';
}

/**
 * Validates the file strictly enough that a typo shows up as "this remote is unavailable" rather than as a
 * confusing runtime error: unknown container names are ignored (a newer file may list remotes this shell
 * does not know yet), entries without a usable URL are dropped, relative URLs are resolved against `base`.
 */
export function parseRemotesConfig(json: unknown, base: string): RemotesConfig {
  if (!json || typeof json !== 'object' || !Array.isArray((json as { remotes?: unknown }).remotes)) {
    throw new RemotesConfigError('remotes.json must be an object with a "remotes" array');
  }
  const config: RemotesConfig = {};
  for (const item of (json as { remotes: unknown[] }).remotes) {
    if (!item || typeof item !== 'object') continue;
    const { name, entry } = item as { name?: unknown; entry?: unknown };
    if (typeof name !== 'string' || typeof entry !== 'string' || entry.trim() === '') continue;
    const remote = remoteByName(name);
    if (!remote) continue;
    let url: URL;
    try {
      url = new URL(entry.trim(), base);
    } catch {
      continue;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    config[remote.key] = { key: remote.key, name, entry: url.href };
  }
  return config;
}

/** Reads /remotes.json, bypassing any HTTP cache: it is the one file that says where remotes live now. */
export async function fetchRemotesConfig(fetchImpl: typeof fetch = globalThis.fetch): Promise<RemotesConfig> {
  const response = await fetchImpl(REMOTES_CONFIG_URL, { cache: 'no-cache', credentials: 'same-origin' });
  if (!response.ok) throw new RemotesConfigError(`${REMOTES_CONFIG_URL} answered ${response.status}`);
  return parseRemotesConfig(await response.json(), window.location.href);
}
