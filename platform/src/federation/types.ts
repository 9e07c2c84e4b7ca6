import type { ComponentType, ReactNode } from 'react';
import type { Role } from '@loupe/contracts';

/**
 * One screen a remote contributes. The shell mounts it at `path` (absolute, e.g. '/management/gold'),
 * inside the signed-in guard unless the shell lists the path as public, and inside a role guard when
 * `roles` is given.
 */
export interface RemoteRoute {
  path: string;
  element: ReactNode;
  roles?: readonly Role[];
}

/** The shape of every remote's `./routes` module. */
export interface RemoteRoutesModule {
  default: RemoteRoute[];
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
