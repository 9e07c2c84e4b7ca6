import { Alert, Button, Spinner } from '@loupe/platform';
import styled from 'styled-components';
import { errorMessage } from '../../../lib/server-errors';
import { useRecentLedger } from '../api/get-ledger';
import { LedgerTable } from './ledger-table';

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.muted};
`;

/** The client's latest ledger entries with their own loading and error states. */
export function RecentLedger({ clientId, pageSize = 10 }: { clientId: number; pageSize?: number }) {
  const ledger = useRecentLedger(clientId, pageSize);
  if (ledger.status === 'error') {
    return (
      <Alert>
        {errorMessage(ledger.error, 'Failed to load the ledger.')}{' '}
        <Button variant="secondary" onClick={ledger.reload}>
          Retry
        </Button>
      </Alert>
    );
  }
  if (!ledger.data) return <Spinner label="Loading ledger..." />;
  const { results, count } = ledger.data;
  if (results.length === 0) return <Muted>No payments or charges yet.</Muted>;
  return (
    <>
      <LedgerTable entries={results} caption="Recent ledger entries" />
      {count > results.length ? (
        <Muted>
          The latest {results.length} of {count} entries.
        </Muted>
      ) : null}
    </>
  );
}
