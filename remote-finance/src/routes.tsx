import { PageHeader, type RemoteRoute } from '@loupe/platform';

/** Expenses, quick sales and reports (SPEC §2); the shell mounts them at their top-level paths. */
const routes: RemoteRoute[] = [
  { path: '/expenses', element: <PageHeader title="Add Expense" /> },
  { path: '/quicksales', element: <PageHeader title="Add Quick Sale" /> },
  { path: '/expenselist', element: <PageHeader title="Expense List" /> },
  { path: '/reports', element: <PageHeader title="Reports" /> },
];

export default routes;
