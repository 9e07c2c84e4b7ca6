import type { RemoteRoutes } from '@loupe/platform';
import { ActivityPage } from './features/activity/components/activity-page';
import { GoldManagementPage } from './features/memberships/components/gold-management-page';
import { SilverManagementPage } from './features/memberships/components/silver-management-page';

/** SPEC §6: gold accounts are the owner's (platinum) to grant; platinum and gold grant silver ones. */
const routes: RemoteRoutes = {
  '/management': [
    { path: 'gold', element: <GoldManagementPage />, roles: ['platinum'] },
    { path: 'silver', element: <SilverManagementPage />, roles: ['platinum', 'gold'] },
  ],
  // Issue 12: the shop's audit trail is the owner's to read.
  '/activity': [{ path: '', element: <ActivityPage />, roles: ['platinum'] }],
};

export default routes;
