import { useAuth, useQuery } from '@loupe/platform';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { riskAssessmentsQuery } from '../api/risk-assessment';
import { reviewNotice } from './risk-assessment-page';

const Intro = styled.p`
  margin-top: 0;
`;
const Due = styled.strong`
  color: ${({ theme }) => theme.colors.danger};
`;

/**
 * On /compliance, for the owner: the link to the firm-wide risk assessment, with "Review due" from 30 days
 * before its review date (or "No … on file") so the yearly review is not forgotten (MLR 2017 reg. 18(4)).
 */
export function RiskReviewNotice() {
  const owner = useAuth().can('editSettings');
  const list = useQuery({ ...riskAssessmentsQuery(), enabled: owner });
  if (!owner) return null;
  const notice = list.data ? reviewNotice(list.data) : null;
  return (
    <Intro>
      <Link to="/compliance/risk-assessment">Risk assessment</Link>: the firm-wide assessment of money
      laundering risk, its document and review date.
      {notice ? (
        <>
          {' '}
          <Due>{notice}</Due>
        </>
      ) : null}
    </Intro>
  );
}
