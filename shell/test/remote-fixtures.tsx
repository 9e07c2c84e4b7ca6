import { useState } from 'react';
import { http, useAuth, type DashboardWidget, type RemoteRoutes } from '@loupe/platform';
import type { RemoteKey } from '../src/federation/remote-catalog';

/**
 * remote-auth's account screen as far as the shell is concerned: a password change it saves, after which it
 * asks the auth client again, which lifts the shell's forced-change redirect.
 */
function FakeAccountSettings() {
  const { checkAuth } = useAuth();
  const [changed, setChanged] = useState(false);
  const change = async () => {
    await http.post('/api/account/change-password/', { current_password: 'a', new_password: 'b' });
    setChanged(true);
    await checkAuth();
  };
  return (
    <>
      <h1>Account Settings</h1>
      <button type="button" onClick={() => void change()}>
        Change Password
      </button>
      {changed ? <p>Password changed successfully.</p> : null}
    </>
  );
}

/** Small stand-ins for the remotes' `./routes` modules, keyed by prefix as the real ones are. */
export const fakeRoutes: Readonly<Record<RemoteKey, RemoteRoutes>> = {
  auth: {
    '/account': [{ path: 'settings', element: <FakeAccountSettings /> }],
    '/profile': [{ path: 'settings', element: <h1>Profile Settings</h1> }],
  },
  inventory: {
    '/stock': [{ path: 'watches', element: <h1>Inventory - Watches</h1> }],
    '/inventory': [
      { path: 'all', element: <h1>All Inventory Stock</h1> },
      { path: 'edit/:id', element: <h1>Edit Inventory Item</h1> },
    ],
  },
  clients: { '/clients': [{ path: '', element: <h1>Clients</h1> }] },
  finance: { '/reports': [{ path: '', element: <h1>Reports</h1> }] },
  admin: {
    '/management': [
      { path: 'gold', element: <h1>Gold Management</h1>, roles: ['platinum'] },
      { path: 'silver', element: <h1>Silver Management</h1>, roles: ['platinum', 'gold'] },
    ],
    '/activity': [{ path: '', element: <h1>Activity</h1>, roles: ['platinum'] }],
    '/settings': [{ path: 'shop', element: <h1>Shop Settings</h1>, roles: ['platinum'] }],
  },
};

/** A stand-in for `loadRemoteRoutes`: a key the fixtures lack fails as an unknown remote would. */
export async function loadFakeRoutes(key: RemoteKey): Promise<RemoteRoutes> {
  const table = fakeRoutes[key];
  if (!table) throw new Error(`no fake routes for ${key}`);
  return table;
}

export const noWidgets = async (): Promise<DashboardWidget[]> => [];
