import type { RemoteRoutes } from '@loupe/platform';

/**
 * Issue 24 (selling online): the staff side of the storefront — enquiries, the feed channels and the
 * storefront's settings, the Chrono24 sale reports. The screens join this table as their endpoints land.
 */
const routes: RemoteRoutes = {
  '/online': [],
};

export default routes;
