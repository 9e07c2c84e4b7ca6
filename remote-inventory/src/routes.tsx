import type { RemoteRoutes } from '@loupe/platform';
import { AddItemPage } from './features/items/components/add-item-page';
import { EditItemPage } from './features/items/components/edit-item-page';
import { ItemListPage } from './features/items/components/item-list-page';
import { ItemPage } from './features/items/components/item-page';
import { LIST_SCREENS } from './features/items/components/list-screens';
import { LabelsPage } from './features/items/components/labels-page';
import { StockTakeListPage } from './features/stock-take/components/stock-take-list-page';
import { StockTakePage } from './features/stock-take/components/stock-take-page';

/** Stock lists and the inventory screens (SPEC §2), below /stock and /inventory. */
const routes: RemoteRoutes = {
  '/stock': [
    { path: 'watches', element: <ItemListPage key="watches" screen={LIST_SCREENS.watches} /> },
    { path: 'jewellery', element: <ItemListPage key="jewellery" screen={LIST_SCREENS.jewellery} /> },
    { path: 'accessories', element: <ItemListPage key="accessories" screen={LIST_SCREENS.accessories} /> },
  ],
  '/inventory': [
    { path: 'all', element: <ItemListPage key="all" screen={LIST_SCREENS.all} /> },
    { path: 'add', element: <AddItemPage /> },
    { path: 'edit/:id', element: <EditItemPage /> },
    { path: 'item/:id', element: <ItemPage /> },
    { path: 'available', element: <ItemListPage key="available" screen={LIST_SCREENS.available} /> },
    { path: 'checked-out', element: <ItemListPage key="checked-out" screen={LIST_SCREENS.checkedOut} /> },
    { path: 'manage', element: <ItemListPage key="manage" screen={LIST_SCREENS.manage} /> },
    { path: 'labels', element: <LabelsPage /> },
    { path: 'stock-take', element: <StockTakeListPage /> },
    { path: 'stock-take/:id', element: <StockTakePage /> },
  ],
};

export default routes;
