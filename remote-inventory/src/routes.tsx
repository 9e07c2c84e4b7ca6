import type { RemoteRoute } from '@loupe/platform';
import { AddItemPage } from './features/items/components/add-item-page';
import { EditItemPage } from './features/items/components/edit-item-page';
import { ItemListPage } from './features/items/components/item-list-page';
import { LIST_SCREENS } from './features/items/components/list-screens';

/** Stock lists and the inventory screens (SPEC §2); the shell mounts them under /stock and /inventory. */
const routes: RemoteRoute[] = [
  { path: '/stock/watches', element: <ItemListPage key="watches" screen={LIST_SCREENS.watches} /> },
  { path: '/stock/jewellery', element: <ItemListPage key="jewellery" screen={LIST_SCREENS.jewellery} /> },
  {
    path: '/stock/accessories',
    element: <ItemListPage key="accessories" screen={LIST_SCREENS.accessories} />,
  },
  { path: '/inventory/all', element: <ItemListPage key="all" screen={LIST_SCREENS.all} /> },
  { path: '/inventory/add', element: <AddItemPage /> },
  { path: '/inventory/edit/:id', element: <EditItemPage /> },
  { path: '/inventory/available', element: <ItemListPage key="available" screen={LIST_SCREENS.available} /> },
  {
    path: '/inventory/checked-out',
    element: <ItemListPage key="checked-out" screen={LIST_SCREENS.checkedOut} />,
  },
  { path: '/inventory/manage', element: <ItemListPage key="manage" screen={LIST_SCREENS.manage} /> },
];

export default routes;
