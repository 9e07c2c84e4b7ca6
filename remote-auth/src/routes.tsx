import type { RemoteRoutes } from '@loupe/platform';
import { AccountSettingsPage } from './features/account/components/account-settings-page';
import { ProfileSettingsPage } from './features/account/components/profile-settings-page';

/** The account screens, for signed-in staff; /login is the shell's own, so a first visit loads no remote. */
const routes: RemoteRoutes = {
  '/account': [{ path: 'settings', element: <AccountSettingsPage /> }],
  '/profile': [{ path: 'settings', element: <ProfileSettingsPage /> }],
};

export default routes;
