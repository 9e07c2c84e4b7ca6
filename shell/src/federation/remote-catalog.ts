import list from '@loupe/platform/remotes.json';

/**
 * The remotes the shell knows: which container each one is, where its screens live and whether it contributes
 * dashboard widgets. The list is `platform/remotes.json`, the one the builds and the launcher read too; where a
 * remote is *served* is not here — that comes from /remotes.json at run time.
 */
export interface RemoteDefinition {
  key: string;
  /** The federation container name the remote's build declares. */
  name: string;
  /** How the remote is named to users, e.g. in "Admin is unavailable". */
  title: string;
  /** Paths the remote owns: the path itself and everything below it; its route table is keyed by them. */
  prefixes: readonly string[];
  widgets: boolean;
}

export type RemoteKey = RemoteDefinition['key'];

export const REMOTES: readonly RemoteDefinition[] = list.remotes;

export const WIDGET_REMOTES: readonly RemoteDefinition[] = REMOTES.filter((remote) => remote.widgets);

export function remoteByKey(key: RemoteKey): RemoteDefinition {
  const remote = REMOTES.find((candidate) => candidate.key === key);
  if (!remote) throw new Error(`Unknown remote ${key}`);
  return remote;
}

export function remoteByName(name: string): RemoteDefinition | undefined {
  return REMOTES.find((candidate) => candidate.name === name);
}

/** The remote that owns `pathname`; `/expenselist` is not mistaken for `/expenses` (whole segments only). */
export function remoteForPath(pathname: string): RemoteDefinition | undefined {
  return REMOTES.find((remote) =>
    remote.prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`)),
  );
}
