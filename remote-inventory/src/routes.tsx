import { PageHeader, type RemoteRoute } from '@loupe/platform';

/** Stock lists and the inventory screens (SPEC §2); the shell mounts them under /stock and /inventory. */
const routes: RemoteRoute[] = [
  { path: '/stock/watches', element: <PageHeader title="Inventory - Watches" /> },
  { path: '/stock/jewellery', element: <PageHeader title="Inventory - Jewellery" /> },
  { path: '/stock/accessories', element: <PageHeader title="Inventory - Accessories" /> },
  { path: '/inventory/all', element: <PageHeader title="All Inventory Stock" /> },
  { path: '/inventory/add', element: <PageHeader title="Add Inventory Item" /> },
  { path: '/inventory/edit/:id', element: <PageHeader title="Edit Inventory Item" /> },
  { path: '/inventory/available', element: <PageHeader title="In Stock" /> },
  { path: '/inventory/checked-out', element: <PageHeader title="Checked Out" /> },
  { path: '/inventory/manage', element: <PageHeader title="Manage Inventory" /> },
];

export default routes;
