import type { Client } from '@loupe/contracts';
import { isNotFound, RetryAlert, Spinner } from '@loupe/platform';
import type { ReactNode } from 'react';
import { useClient } from '../api/get-client';

interface ClientLoaderProps {
  id: number;
  /** What to show for an unknown id or another shop's client: asking again cannot bring it back. */
  notFound: ReactNode;
  children(client: Client): ReactNode;
}

/** One client from the cache or the service, with its spinner, its not-found notice and its error with Retry. */
export function ClientLoader({ id, notFound, children }: ClientLoaderProps) {
  const client = useClient(id);
  if (client.status === 'error') {
    if (isNotFound(client.error)) return <>{notFound}</>;
    return (
      <RetryAlert
        error={client.error}
        what="Failed to load the client."
        onRetry={() => void client.refetch()}
      />
    );
  }
  if (!client.data) return <Spinner label="Loading client..." />;
  return <>{children(client.data)}</>;
}
