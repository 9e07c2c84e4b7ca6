import type { RemoteRoutes } from '@loupe/platform';
import { AddClientPage } from './features/clients/components/add-client-page';
import { ClientListPage } from './features/clients/components/client-list-page';
import { EditClientPage, type ClientSections } from './features/clients/components/edit-client-page';
import { WantedList } from './features/wants/components/wanted-list';

/** The client's page also holds the client's wanted list (issue 24 item 5): features meet here, at route level. */
const clientSections: ClientSections = (client) => (
  <WantedList clientId={client.id} clientName={client.name} />
);

/** The client screens (SPEC §2), below /clients. All three roles manage clients. */
const routes: RemoteRoutes = {
  '/clients': [
    { path: '', element: <ClientListPage /> },
    { path: 'add', element: <AddClientPage /> },
    { path: 'edit/:id', element: <EditClientPage sections={clientSections} /> },
  ],
};

export default routes;
