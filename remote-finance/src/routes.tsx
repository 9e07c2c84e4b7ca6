import type { RemoteRoute } from '@loupe/platform';
import { AddExpensePage } from './features/entries/components/add-expense-page';
import { AddQuickSalePage } from './features/entries/components/add-quick-sale-page';
import { ExpenseListPage } from './features/entries/components/expense-list-page';
import { ReportsPage } from './features/reports/components/reports-page';

/** Expenses, quick sales and reports (SPEC §2); the shell mounts them at their top-level paths. */
const routes: RemoteRoute[] = [
  { path: '/expenses', element: <AddExpensePage /> },
  { path: '/quicksales', element: <AddQuickSalePage /> },
  { path: '/expenselist', element: <ExpenseListPage /> },
  { path: '/reports', element: <ReportsPage /> },
];

export default routes;
