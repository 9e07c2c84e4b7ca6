import { PageHeader, usePageTitle } from '@loupe/platform';

export function JobPage() {
  usePageTitle('Job');
  return <PageHeader title="Job" />;
}
