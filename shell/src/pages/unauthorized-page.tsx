import { Link } from 'react-router-dom';
import { PageHeader, usePageTitle } from '@loupe/platform';

/** Where the role guard sends a user outside a screen's roles (SPEC §2, §6). */
export function UnauthorizedPage() {
  usePageTitle('Unauthorized');
  return (
    <section>
      <PageHeader title="Unauthorized" />
      <p>You do not have permission to view this page.</p>
      <Link to="/dashboard">Back to Dashboard</Link>
    </section>
  );
}
