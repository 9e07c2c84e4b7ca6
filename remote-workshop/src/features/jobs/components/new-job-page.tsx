import { PageHeader, usePageTitle } from '@loupe/platform';

export function NewJobPage() {
  usePageTitle('New job');
  return <PageHeader title="New job" />;
}
