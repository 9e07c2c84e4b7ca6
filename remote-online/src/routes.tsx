import { rolesThatCan } from '@loupe/contracts';
import type { RemoteRoutes } from '@loupe/platform';
import { ChannelsPage } from './features/channels/components/channels-page';
import { EnquiryListPage } from './features/enquiries/components/enquiry-list-page';
import { EnquiryPage } from './features/enquiries/components/enquiry-page';
import { ReportsPage } from './features/reports/components/reports-page';

/**
 * Issue 24 (selling online), the staff side of the storefront. Enquiries and the Chrono24 sale reports are every
 * member's (whoever is at the counter answers, whoever made the sale reports it); the storefront's settings and
 * the marketplace feeds, with their secret addresses, are for those who may manage channels (platinum, gold):
 * others get the app's unauthorized page.
 */
const routes: RemoteRoutes = {
  '/online': [
    { path: 'enquiries', element: <EnquiryListPage /> },
    { path: 'enquiries/:id', element: <EnquiryPage /> },
    { path: 'channels', element: <ChannelsPage />, roles: rolesThatCan('manageChannels') },
    { path: 'reports', element: <ReportsPage /> },
  ],
};

export default routes;
