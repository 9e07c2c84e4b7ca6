import { Link, useLocation } from 'react-router-dom';
import { PageHeader, usePageTitle } from '@loupe/platform';

export function NotFoundPage() {
  const { pathname } = useLocation();
  usePageTitle('Page not found');
  return (
    <section>
      <PageHeader title="Page not found" />
      <p>
        There is no page at <code>{pathname}</code>.
      </p>
      <Link to="/dashboard">Back to Dashboard</Link>
    </section>
  );
}
