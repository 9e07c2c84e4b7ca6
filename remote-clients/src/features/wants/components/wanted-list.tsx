import { WANT_MATCH_REASON_LABELS, type Want, type WantMatch } from '@loupe/contracts';
import {
  Button,
  Card,
  DataTable,
  formatDay,
  formatMoney,
  LoadStateView,
  plural,
  RetryAlert,
  shopZone,
  type DataColumn,
} from '@loupe/platform';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useClientMatches } from '../api/get-client-matches';
import { useClientWants } from '../api/get-client-wants';
import { useDismissMatch } from '../api/dismiss-match';
import { useRemoveWant } from '../api/remove-want';
import { matchItemName, wantTitle } from '../lib/want-values';
import { ConfirmDialog } from './confirm-dialog';
import { EmailDialog } from './email-dialog';
import { WantDialog } from './want-dialog';

const SectionTitle = styled.h2`
  margin: 0;
  font-size: 1.2rem;
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

const Wants = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const WantItem = styled.li`
  padding: ${({ theme }) => `${theme.space(4)} 0`};
  border-top: 1px solid ${({ theme }) => theme.colors.divider};
  overflow-wrap: anywhere;
`;

const WantTitle = styled.h3`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  font-size: 1.05rem;
`;

const MatchesTitle = styled.h4`
  margin: ${({ theme }) => `${theme.space(3)} 0 ${theme.space(1)}`};
  font-size: 0.95rem;
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const Notes = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  white-space: pre-line;
`;

const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
`;

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; want: Want }
  | { kind: 'remove'; want: Want }
  | { kind: 'email'; match: WantMatch }
  | { kind: 'dismiss'; match: WantMatch };

/**
 * The client's page: the "Wanted list" (issue 24 item 5) — what the client is looking for, each want with the
 * stock the service matched to it (on a new item and on a price change) that is still open: a link to the item,
 * its price, when and why it matched, and the prepared e-mail to send or the match to dismiss.
 */
export function WantedList({ clientId, clientName }: { clientId: number; clientName: string }) {
  const titleId = useId();
  const wants = useClientWants(clientId);
  const matches = useClientMatches(clientId);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const remove = useRemoveWant(clientId);
  const dismiss = useDismissMatch();

  const openOf = (wantId: number) => (matches.data?.results ?? []).filter((m) => m.wantId === wantId);

  return (
    <Card aria-labelledby={titleId}>
      <Head>
        <SectionTitle id={titleId}>Wanted list</SectionTitle>
        <Button variant="secondary" onClick={() => setDialog({ kind: 'add' })}>
          Add a want
        </Button>
      </Head>
      <LoadStateView
        state={wants}
        onRetry={() => void wants.refetch()}
        loadingLabel="Loading the wanted list..."
        errorText="Failed to load the wanted list."
      >
        {({ results, count }) =>
          results.length === 0 ? (
            <Muted>
              Nothing on the wanted list. Add what the client is looking for: new stock and price changes are
              matched to it.
            </Muted>
          ) : (
            <>
              <Wants aria-labelledby={titleId}>
                {results.map((want) => (
                  <WantEntry
                    key={want.id}
                    want={want}
                    matches={openOf(want.id)}
                    matchesState={matches}
                    onEdit={() => setDialog({ kind: 'edit', want })}
                    onRemove={() => setDialog({ kind: 'remove', want })}
                    onEmail={(match) => setDialog({ kind: 'email', match })}
                    onDismiss={(match) => setDialog({ kind: 'dismiss', match })}
                  />
                ))}
              </Wants>
              {count > results.length ? (
                <Muted>
                  Showing the newest {results.length} of {count} wants.
                </Muted>
              ) : null}
            </>
          )
        }
      </LoadStateView>
      {dialog?.kind === 'add' ? (
        <WantDialog clientId={clientId} clientName={clientName} onClose={close} />
      ) : null}
      {dialog?.kind === 'edit' ? (
        <WantDialog clientId={clientId} clientName={clientName} want={dialog.want} onClose={close} />
      ) : null}
      {dialog?.kind === 'remove' ? (
        <ConfirmDialog
          title="Remove this want?"
          confirmLabel="Remove want"
          busyLabel="Removing..."
          failedText="The want could not be removed. Please try again."
          onConfirm={() => remove.mutateAsync(dialog.want.id)}
          onClose={close}
        >
          <p>
            {wantTitle(dialog.want)} leaves {clientName}’s wanted list, with its open matches. New stock is no
            longer matched to it.
          </p>
        </ConfirmDialog>
      ) : null}
      {dialog?.kind === 'email' ? <EmailDialog match={dialog.match} onClose={close} /> : null}
      {dialog?.kind === 'dismiss' ? (
        <ConfirmDialog
          title="Dismiss this match?"
          confirmLabel="Dismiss match"
          busyLabel="Dismissing..."
          failedText="The match could not be dismissed. Please try again."
          onConfirm={() => dismiss.mutateAsync(dialog.match)}
          onClose={close}
        >
          <p>
            {matchItemName(dialog.match)} is no longer offered to {clientName} for this want. The item is not
            matched to it again unless its price changes.
          </p>
        </ConfirmDialog>
      ) : null}
    </Card>
  );
}

function WantEntry({
  want,
  matches,
  matchesState,
  onEdit,
  onRemove,
  onEmail,
  onDismiss,
}: {
  want: Want;
  matches: WantMatch[];
  matchesState: ReturnType<typeof useClientMatches>;
  onEdit(): void;
  onRemove(): void;
  onEmail(match: WantMatch): void;
  onDismiss(match: WantMatch): void;
}) {
  const titleId = useId();
  const title = wantTitle(want);
  return (
    <WantItem aria-labelledby={titleId}>
      <WantTitle id={titleId}>{want.summary}</WantTitle>
      {want.active ? null : <Muted>Inactive: kept, but new stock is not matched to it.</Muted>}
      {want.notes ? <Notes>{want.notes}</Notes> : null}
      <Row>
        <Button variant="secondary" aria-label={`Edit want: ${title}`} onClick={onEdit}>
          Edit
        </Button>
        <Button variant="danger" aria-label={`Remove want: ${title}`} onClick={onRemove}>
          Remove
        </Button>
      </Row>
      <MatchesTitle>Open matches</MatchesTitle>
      {matchesState.status === 'error' ? (
        <RetryAlert
          error={matchesState.error}
          what="Failed to load the matches."
          onRetry={() => void matchesState.refetch()}
        />
      ) : !matchesState.data ? (
        <Muted>Loading the matches...</Muted>
      ) : matches.length === 0 ? (
        <Muted>No open matches.</Muted>
      ) : (
        <>
          <MatchTable title={title} matches={matches} onEmail={onEmail} onDismiss={onDismiss} />
          {want.openMatches > matches.length ? (
            <Muted>
              Showing the newest {matches.length} of {want.openMatches} open matches.
            </Muted>
          ) : null}
        </>
      )}
    </WantItem>
  );
}

function MatchTable({
  title,
  matches,
  onEmail,
  onDismiss,
}: {
  title: string;
  matches: WantMatch[];
  onEmail(match: WantMatch): void;
  onDismiss(match: WantMatch): void;
}) {
  const columns: DataColumn<WantMatch>[] = [
    {
      key: 'item',
      header: 'Item',
      rowHeader: true,
      cell: (match) => <Link to={`/inventory/item/${match.itemId}`}>{matchItemName(match)}</Link>,
    },
    {
      key: 'price',
      header: 'Price',
      numeric: true,
      cell: (match) => (match.price === null ? 'Price on request' : formatMoney(match.price)),
    },
    {
      key: 'matched',
      header: 'Matched',
      noWrap: true,
      cell: (match) => formatDay(match.matchedAt, { timeZone: shopZone() }),
    },
    { key: 'why', header: 'Why', cell: (match) => WANT_MATCH_REASON_LABELS[match.reason] },
    {
      key: 'actions',
      header: 'Actions',
      hideHeader: true,
      cell: (match) => (
        <Row>
          <Button
            variant="secondary"
            aria-label={`Send e-mail about ${matchItemName(match)}`}
            onClick={() => onEmail(match)}
          >
            Send e-mail
          </Button>
          <Button
            variant="ghost"
            aria-label={`Dismiss ${matchItemName(match)}`}
            onClick={() => onDismiss(match)}
          >
            Dismiss
          </Button>
        </Row>
      ),
    },
  ];
  return (
    <DataTable
      caption={`Open matches for ${title}: ${plural(matches.length, 'item', 'items')}`}
      columns={columns}
      rows={matches}
      rowKey={(match) => match.id}
    />
  );
}
