import { rolesThatCan } from '@loupe/contracts';
import type { RemoteRoutes } from '@loupe/platform';
import { ActivityPage } from './features/activity/components/activity-page';
import { CataloguePage } from './features/catalogue/components/catalogue-page';
import { GoldManagementPage } from './features/memberships/components/gold-management-page';
import { SilverManagementPage } from './features/memberships/components/silver-management-page';
import { ShopSettingsPage } from './features/settings/components/shop-settings-page';
import { OutboxMessagePage } from './features/outbox/components/outbox-message-page';
import { OutboxPage } from './features/outbox/components/outbox-page';

/** SPEC §6: gold accounts are the owner's (platinum) to grant; platinum and gold grant silver ones. */
const routes: RemoteRoutes = {
  '/management': [
    { path: 'gold', element: <GoldManagementPage />, roles: rolesThatCan('manageGold') },
    { path: 'silver', element: <SilverManagementPage />, roles: rolesThatCan('manageSilver') },
  ],
  // Issue 12: the shop's audit trail is the owner's to read.
  '/activity': [{ path: '', element: <ActivityPage />, roles: rolesThatCan('viewActivity') }],
  // Issue 13: what the shop's documents print is the owner's to change.
  // Issue 22: the shop's brands and models, the owner's to add, rename, retire and merge.
  '/settings': [
    { path: 'shop', element: <ShopSettingsPage />, roles: rolesThatCan('editSettings') },
    { path: 'catalogue', element: <CataloguePage />, roles: rolesThatCan('manageCatalogue') },
    // Issue 23: the shop's outgoing e-mail, read and retried by whoever runs the shop.
    { path: 'outbox', element: <OutboxPage />, roles: rolesThatCan('viewOutbox') },
    { path: 'outbox/:id', element: <OutboxMessagePage />, roles: rolesThatCan('viewOutbox') },
  ],
};

export default routes;
