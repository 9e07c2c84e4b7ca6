import { Alert, formatCount, QueryCard } from '@loupe/platform';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useOpenSaleReports } from '../api/sale-reports';
import { MarkDoneButton } from './mark-done';
import { reportDueText, reportMark, reportPiece } from './report-text';

const Lines = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Line = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(2)} 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Text = styled.div`
  min-width: 0;
  flex: 1 1 14rem;
  overflow-wrap: anywhere;
`;

const Sub = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.85rem;
`;

const Overdue = styled.strong`
  color: ${({ theme }) => theme.colors.danger};
`;

const More = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0 0;
`;

/** How many open reports the card lists; the rest are one link away. */
export const CARD_REPORTS = 5;

/**
 * "Report to Chrono24" (issue 24 item 4): one line per open report — "Report this sale to Chrono24 by 4 Dec
 * 2026" with the watch and the deal — and Mark done. The card shows when nothing is open too ("Nothing to
 * report"), as every other card of the dashboard shows its empty state: a card that comes and goes would move
 * the others about, and its absence would not say that all is reported.
 */
export function Chrono24Widget() {
  const reports = useOpenSaleReports();
  const [done, setDone] = useState<string | null>(null);
  return (
    <QueryCard
      title="Report to Chrono24"
      state={reports}
      onRetry={() => void reports.refetch()}
      errorText="Failed to load the Chrono24 sale reports."
    >
      {(page) => (
        <>
          {done ? <Alert tone="success">{done}</Alert> : null}
          {page.results.length === 0 ? (
            <p>Nothing to report to Chrono24.</p>
          ) : (
            <Lines>
              {page.results.slice(0, CARD_REPORTS).map((report) => (
                <Line key={report.id}>
                  <Text>
                    {reportDueText(report)}
                    {report.overdue ? <Overdue> (overdue)</Overdue> : null}
                    <Sub>
                      <Link to={`/inventory/item/${report.itemId}`}>{reportPiece(report)}</Link>
                      {reportMark(report) ? `, ${reportMark(report)}` : ''} · sold in{' '}
                      <Link to={`/deals/${report.dealId}`}>{report.dealReference}</Link>
                    </Sub>
                  </Text>
                  <MarkDoneButton report={report} onDone={setDone} />
                </Line>
              ))}
            </Lines>
          )}
          <More>
            <Link to="/online/reports">
              {page.count > CARD_REPORTS
                ? `All ${formatCount(page.count)} open reports`
                : 'View Chrono24 sale reports'}
            </Link>
          </More>
        </>
      )}
    </QueryCard>
  );
}
