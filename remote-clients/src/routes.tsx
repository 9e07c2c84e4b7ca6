import type { RemoteRoutes } from '@loupe/platform';
import { AddClientPage } from './features/clients/components/add-client-page';
import { ClientListPage } from './features/clients/components/client-list-page';
import { EditClientPage } from './features/clients/components/edit-client-page';

/** The client screens (SPEC §2), below /clients. All three roles manage clients. */
const routes: RemoteRoutes = {
  '/clients': [
    { path: '', element: <ClientListPage /> },
    { path: 'add', element: <AddClientPage /> },
    { path: 'edit/:id', element: <EditClientPage /> },
  ],
};

export default routes;
