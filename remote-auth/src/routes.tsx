import type { RemoteRoutes } from '@loupe/platform';
import { AccountSettingsPage } from './features/account/components/account-settings-page';
import { ProfileSettingsPage } from './features/account/components/profile-settings-page';
import { LoginPage } from './features/auth/components/login-page';

/** The screens this remote contributes; the shell keeps /login public and guards the others (SPEC §2). */
const routes: RemoteRoutes = {
  '/login': [{ path: '', element: <LoginPage /> }],
  '/account': [{ path: 'settings', element: <AccountSettingsPage /> }],
  '/profile': [{ path: 'settings', element: <ProfileSettingsPage /> }],
};

export default routes;
