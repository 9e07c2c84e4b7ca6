import type { ComponentType, ReactNode } from 'react';
import type { Role } from '@loupe/contracts';

/**
 * One screen a remote contributes, at `path` relative to the prefix it is listed under: '' is the prefix
 * itself, 'edit/:id' is below it. The shell mounts it inside the signed-in guard unless the shell lists the
 * path as public, and inside a role guard when `roles` is given.
 */
export interface RemoteRoute {
  path: string;
  element: ReactNode;
  roles?: readonly Role[];
}

/**
 * A remote's screens grouped by the prefixes it owns in `platform/remotes.json`, e.g.
 * `{ '/clients': [{ path: '', … }, { path: 'add', … }] }`. The prefixes live in that one list, which tells the
 * shell which remote to load for a URL before any of its code is on the page; the table says what is below.
 */
export type RemoteRoutes = Readonly<Record<string, readonly RemoteRoute[]>>;

/** The shape of every remote's `./routes` module. */
export interface RemoteRoutesModule {
  default: RemoteRoutes;
}

export type DashboardTab = 'clients' | 'stats';

/** A dashboard card or table a remote contributes; without `tab` it shows above the tabs. */
export interface DashboardWidget {
  id: string;
  title: string;
  tab?: DashboardTab;
  order?: number;
  Component: ComponentType;
}

/** The shape of a remote's `./widgets` module. */
export interface RemoteWidgetsModule {
  default: DashboardWidget[];
}
