import type { RemoteRoutes } from '@loupe/platform';
import { GoldManagementPage } from './features/memberships/components/gold-management-page';
import { SilverManagementPage } from './features/memberships/components/silver-management-page';

/** SPEC §6: gold accounts are the owner's (platinum) to grant; platinum and gold grant silver ones. */
const routes: RemoteRoutes = {
  '/management': [
    { path: 'gold', element: <GoldManagementPage />, roles: ['platinum'] },
    { path: 'silver', element: <SilverManagementPage />, roles: ['platinum', 'gold'] },
  ],
};

export default routes;
