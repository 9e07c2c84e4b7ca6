import { ReportSuspicion } from '@loupe/platform';
import styled from 'styled-components';

const Row = styled.div`
  display: flex;
  justify-content: flex-end;
  margin: ${({ theme }) => theme.space(2)} 0;
`;

/**
 * The client page's "Report a suspicion" (issue 25 item 1): the platform's one dialog, about this client. What
 * a member reports goes to the nominated officer alone; this page never shows that a report exists (POCA 2002
 * s.333A), so the button reads the same whether or not anyone has reported the client.
 */
export function ClientReportSuspicion({ clientId }: { clientId: number }) {
  return (
    <Row>
      <ReportSuspicion subject="client" subjectId={clientId} />
    </Row>
  );
}
