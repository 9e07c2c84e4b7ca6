import { PageHeader, type RemoteRoute } from '@loupe/platform';

/** The client screens (SPEC §2); the shell mounts them under /clients. */
const routes: RemoteRoute[] = [
  { path: '/clients', element: <PageHeader title="Clients" /> },
  { path: '/clients/add', element: <PageHeader title="Add Client" /> },
  { path: '/clients/edit/:id', element: <PageHeader title="Edit Client" /> },
];

export default routes;
