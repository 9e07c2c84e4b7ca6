import type { RemoteRoutes } from '@loupe/platform';
import { BoardPage } from './features/jobs/components/board-page';
import { JobListPage } from './features/jobs/components/job-list-page';
import { JobPage } from './features/jobs/components/job-page';
import { NewJobPage } from './features/jobs/components/new-job-page';
import { UncollectedPage } from './features/money/components/uncollected-page';

/**
 * Issue 23: the workshop's screens, every member's (a silver member takes in a watch at the counter as a gold
 * one does; what the service refuses a role it says with its 403).
 */
const routes: RemoteRoutes = {
  '/workshop': [
    { path: '', element: <BoardPage /> },
    { path: 'list', element: <JobListPage /> },
    { path: 'new', element: <NewJobPage /> },
    { path: 'jobs/:id', element: <JobPage /> },
    { path: 'uncollected', element: <UncollectedPage /> },
  ],
};

export default routes;
