import { Alert, Button, errorMessage, Modal } from '@loupe/platform';
import { useState } from 'react';
import styled from 'styled-components';
import { useMarkReportDone, type SaleReport } from '../api/sale-reports';
import { reportPiece } from './report-text';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(2)};
`;

/**
 * Mark done, after a confirmation: the report then leaves the open list and the dashboard for good (the
 * service records who marked it and when in the activity log), so it asks first. `onDone` hears the answer.
 */
export function MarkDoneButton({ report, onDone }: { report: SaleReport; onDone?(text: string): void }) {
  const [confirming, setConfirming] = useState(false);
  const markDone = useMarkReportDone();
  const piece = reportPiece(report);
  const confirm = () =>
    markDone.mutate(report.id, {
      onSuccess: () => {
        setConfirming(false);
        onDone?.(`Marked done: the sale of ${piece} (${report.dealReference}) is reported to Chrono24.`);
      },
    });
  return (
    <>
      <Button
        variant="secondary"
        aria-label={`Mark done: ${piece}, ${report.dealReference}`}
        onClick={() => {
          markDone.reset();
          setConfirming(true);
        }}
      >
        Mark done
      </Button>
      <Modal
        open={confirming}
        title="Mark this report done?"
        closeLabel="Cancel"
        returnFocus="heading"
        onClose={() => setConfirming(false)}
      >
        <p>
          Only once the sale of {piece} ({report.dealReference}) has been reported to Chrono24. The report
          then leaves the dashboard, and the activity log records who marked it done.
        </p>
        {markDone.isError ? (
          <Alert>
            {errorMessage(markDone.error, 'The report could not be marked done. Please try again.')}
          </Alert>
        ) : null}
        <Row>
          <Button onClick={confirm} disabled={markDone.isPending}>
            {markDone.isPending ? 'Marking done...' : 'Mark done'}
          </Button>
        </Row>
      </Modal>
    </>
  );
}
