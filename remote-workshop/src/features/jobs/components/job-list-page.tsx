import { PageHeader, usePageTitle } from '@loupe/platform';

export function JobListPage() {
  usePageTitle('Workshop jobs');
  return <PageHeader title="Workshop jobs" />;
}
