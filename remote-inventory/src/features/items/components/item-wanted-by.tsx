import { WANT_MATCH_REASON_LABELS, type WantMatch } from '@loupe/contracts';
import { Card, formatDay, RetryAlert } from '@loupe/platform';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useItemWantMatches } from '../api/online';
import { isNotThere } from './item-online';

/*
 * "Wanted by" on the item page (issue 24 item 5): the clients whose wanted lists this item matches and who have
 * not been told yet (the open matches, from the wants module), each with what they asked for and a link to the
 * client, where the prepared e-mail is sent from. Nothing is shown while there are none.
 */

const Title = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  font-size: 1.2rem;
`;

const Matches = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    padding: ${({ theme }) => theme.space(2)} 0;
    overflow-wrap: anywhere;
  }
  li + li {
    border-top: 1px solid ${({ theme }) => theme.colors.divider};
  }
  a {
    font-weight: 600;
  }
`;

const Sub = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.9rem;
`;

/** The client's page, where their wanted list and this match's e-mail are. */
export const clientPagePath = (clientId: number) => `/clients/edit/${clientId}`;

function MatchLine({ match }: { match: WantMatch }) {
  return (
    <li>
      <Link to={clientPagePath(match.clientId)}>{match.clientName}</Link> wants {match.wantSummary}
      <Sub>
        {WANT_MATCH_REASON_LABELS[match.reason]}, matched {formatDay(match.matchedAt)}
      </Sub>
    </li>
  );
}

export function ItemWantedBy({ itemId }: { itemId: number }) {
  const titleId = useId();
  const matches = useItemWantMatches(itemId);
  if (isNotThere(matches.error)) return null;
  if (matches.error) {
    return (
      <Card aria-labelledby={titleId}>
        <Title id={titleId}>Wanted by</Title>
        <RetryAlert
          error={matches.error}
          what="Failed to load the clients who want this item."
          onRetry={() => void matches.refetch()}
        />
      </Card>
    );
  }
  const rows = matches.data?.results ?? [];
  if (rows.length === 0) return null;
  const more = (matches.data?.count ?? rows.length) - rows.length;
  return (
    <Card aria-labelledby={titleId}>
      <Title id={titleId}>Wanted by</Title>
      <Matches aria-labelledby={titleId}>
        {rows.map((match) => (
          <MatchLine key={match.id} match={match} />
        ))}
      </Matches>
      {more > 0 ? <Sub>and {more} more</Sub> : null}
    </Card>
  );
}
