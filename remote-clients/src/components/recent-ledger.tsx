import { LoadStateView } from '@loupe/platform';
import styled from 'styled-components';
import { useRecentLedger } from '../api/get-ledger';
import { LedgerTable } from './ledger-table';
import { VoidableLedgerTable } from './ledger-void';

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.muted};
`;

/** The smallest page the service serves (page_size 10, 25, 50 or 100). */
const PAGE_SIZE = 10;

/**
 * The client's latest ledger entries (at most `limit`, up to 10) with their own loading and error states; with
 * `voidFor` (the client page) each payment or charge can be voided.
 */
export function RecentLedger({
  clientId,
  limit = PAGE_SIZE,
  voidFor,
}: {
  clientId: number;
  limit?: number;
  voidFor?: { clientName: string };
}) {
  const ledger = useRecentLedger(clientId, PAGE_SIZE);
  return (
    <LoadStateView
      state={ledger}
      onRetry={() => void ledger.refetch()}
      loadingLabel="Loading ledger..."
      errorText="Failed to load the ledger."
    >
      {({ results: all, count }) => {
        const results = all.slice(0, limit);
        if (results.length === 0) return <Muted>No payments or charges yet.</Muted>;
        return (
          <>
            {voidFor ? (
              <VoidableLedgerTable
                clientId={clientId}
                clientName={voidFor.clientName}
                entries={results}
                caption="Recent ledger entries"
              />
            ) : (
              <LedgerTable entries={results} caption="Recent ledger entries" />
            )}
            {count > results.length ? (
              <Muted>
                The latest {results.length} of {count} entries.
              </Muted>
            ) : null}
          </>
        );
      }}
    </LoadStateView>
  );
}
