import type { RemoteRoutes } from '@loupe/platform';
import { EnquiryListPage } from './features/enquiries/components/enquiry-list-page';
import { EnquiryPage } from './features/enquiries/components/enquiry-page';

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
  ],
};

export default routes;
