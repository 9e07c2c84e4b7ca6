import type { DashboardWidget, RemoteRoute } from '@loupe/platform';
import type { RemoteKey } from '../src/federation/remote-catalog';

/** Small stand-ins for the remotes' `./routes` modules. */
export const fakeRoutes: Record<RemoteKey, RemoteRoute[]> = {
  auth: [
    { path: '/login', element: <h1>Sign in</h1> },
    { path: '/profile/settings', element: <h1>Profile Settings</h1> },
  ],
  inventory: [
    { path: '/stock/watches', element: <h1>Inventory - Watches</h1> },
    { path: '/inventory/all', element: <h1>All Inventory Stock</h1> },
  ],
  clients: [{ path: '/clients', element: <h1>Clients</h1> }],
  finance: [{ path: '/reports', element: <h1>Reports</h1> }],
  admin: [
    { path: '/management/gold', element: <h1>Gold Management</h1>, roles: ['platinum'] },
    { path: '/management/silver', element: <h1>Silver Management</h1>, roles: ['platinum', 'gold'] },
  ],
};

export const noWidgets = async (): Promise<DashboardWidget[]> => [];
