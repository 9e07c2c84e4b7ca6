import type { RemoteRoute } from '@loupe/platform';
import { AddClientPage } from './features/clients/components/add-client-page';
import { ClientListPage } from './features/clients/components/client-list-page';
import { EditClientPage } from './features/clients/components/edit-client-page';

/** The client screens (SPEC §2); the shell mounts them under /clients. All three roles manage clients. */
const routes: RemoteRoute[] = [
  { path: '/clients', element: <ClientListPage /> },
  { path: '/clients/add', element: <AddClientPage /> },
  { path: '/clients/edit/:id', element: <EditClientPage /> },
];

export default routes;
