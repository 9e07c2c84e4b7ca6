import { PageHeader, usePageTitle } from '@loupe/platform';

export function BoardPage() {
  usePageTitle('Workshop');
  return <PageHeader title="Workshop" />;
}
