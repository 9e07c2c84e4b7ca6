import type { RemoteRoutes } from '@loupe/platform';
import { ActivityPage } from './features/activity/components/activity-page';
import { GoldManagementPage } from './features/memberships/components/gold-management-page';
import { SilverManagementPage } from './features/memberships/components/silver-management-page';
import { ShopSettingsPage } from './features/settings/components/shop-settings-page';

/** SPEC §6: gold accounts are the owner's (platinum) to grant; platinum and gold grant silver ones. */
const routes: RemoteRoutes = {
  '/management': [
    { path: 'gold', element: <GoldManagementPage />, roles: ['platinum'] },
    { path: 'silver', element: <SilverManagementPage />, roles: ['platinum', 'gold'] },
  ],
  // Issue 12: the shop's audit trail is the owner's to read.
  '/activity': [{ path: '', element: <ActivityPage />, roles: ['platinum'] }],
  // Issue 13: what the shop's documents print is the owner's to change.
  '/settings': [{ path: 'shop', element: <ShopSettingsPage />, roles: ['platinum'] }],
};

export default routes;
