import { formatCount, formatMoment, QueryCard, StatFigure, StatNote, useAuth } from '@loupe/platform';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useNewEnquiries } from '../api/enquiries';
import { itemTitleOf } from './enquiry-text';

const Latest = styled.ul`
  list-style: none;
  margin: ${({ theme }) => theme.space(2)} 0 0;
  padding: 0;
  li {
    padding: ${({ theme }) => theme.space(1)} 0;
    overflow-wrap: anywhere;
  }
`;

const Sub = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.85rem;
`;

const More = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0 0;
`;

/** How many of the newest new enquiries the card names. */
export const CARD_ENQUIRIES = 3;

/**
 * "Enquiries" (issue 24 item 2): how many new ones wait for an answer, the newest few (who, about what, when)
 * each a link to its page, and the way to the list. Shown with 0 too, as the other cards show their empty state.
 */
export function EnquiriesWidget() {
  const enquiries = useNewEnquiries();
  const { shop } = useAuth();
  return (
    <QueryCard
      title="Enquiries"
      state={enquiries}
      onRetry={() => void enquiries.refetch()}
      errorText="Failed to load enquiries."
    >
      {(page) => (
        <>
          <StatFigure>{formatCount(page.counts.new)}</StatFigure>
          <StatNote>new · {formatCount(page.counts.open)} open</StatNote>
          {page.results.length > 0 ? (
            <Latest aria-label="Newest enquiries">
              {page.results.slice(0, CARD_ENQUIRIES).map((enquiry) => (
                <li key={enquiry.id}>
                  <Link to={`/online/enquiries/${enquiry.id}`}>{enquiry.name}</Link> about{' '}
                  {itemTitleOf(enquiry)}
                  <Sub>{formatMoment(enquiry.createdAt, shop?.time_zone)}</Sub>
                </li>
              ))}
            </Latest>
          ) : (
            <p>No new enquiries.</p>
          )}
          <More>
            <Link to="/online/enquiries">View enquiries</Link>
          </More>
        </>
      )}
    </QueryCard>
  );
}
