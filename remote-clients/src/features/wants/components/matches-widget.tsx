import { WANT_MATCH_REASON_LABELS, type WantMatch } from '@loupe/contracts';
import {
  DataTable,
  formatDay,
  formatMoney,
  plural,
  QueryCard,
  shopZone,
  StatNote,
  type DataColumn,
} from '@loupe/platform';
import { Link } from 'react-router-dom';
import { useOpenMatches } from '../api/get-open-matches';
import { matchItemName } from '../lib/want-values';

export const MATCHES_WIDGET_TITLE = 'Wanted-list matches';

const COLUMNS: readonly DataColumn<WantMatch>[] = [
  {
    key: 'client',
    header: 'Client',
    rowHeader: true,
    cell: (match) => <Link to={`/clients/edit/${match.clientId}`}>{match.clientName}</Link>,
  },
  {
    key: 'item',
    header: 'Item',
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
    cell: (match) =>
      `${formatDay(match.matchedAt, { timeZone: shopZone() })} · ${WANT_MATCH_REASON_LABELS[match.reason]}`,
  },
];

/**
 * Clients tab: the open wanted-list matches, newest first — whose want an item fits (a new item or a new price),
 * each client and item a link: the client's page holds the prepared e-mail to send.
 */
export function WantMatchesWidget() {
  const matches = useOpenMatches();
  return (
    <QueryCard
      title={MATCHES_WIDGET_TITLE}
      state={matches}
      onRetry={() => void matches.refetch()}
      errorText="Failed to load the wanted-list matches."
    >
      {({ results, count }) =>
        results.length === 0 ? (
          <StatNote>No open matches: no new stock fits a client’s wanted list.</StatNote>
        ) : (
          <>
            <StatNote>{plural(count, 'open match', 'open matches')}, newest first</StatNote>
            <DataTable
              caption={MATCHES_WIDGET_TITLE}
              dense
              columns={COLUMNS}
              rows={results}
              rowKey={(match) => match.id}
            />
          </>
        )
      }
    </QueryCard>
  );
}
