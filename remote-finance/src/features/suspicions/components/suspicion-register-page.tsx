import {
  NOMINATED_OFFICER_ONLY,
  SUSPICION_DECISIONS,
  SUSPICION_DECISION_LABELS,
  SUSPICION_SUBJECT_LABELS,
  type SuspicionDecisionChoice,
  type SuspicionReport,
} from '@loupe/contracts';
import {
  Alert,
  Button,
  Card,
  CardTitle,
  ChoiceField,
  DayField,
  Facts,
  FormActions,
  formatDay,
  formatMoment,
  FormNotices,
  Modal,
  PageHeader,
  RetryAlert,
  Spinner,
  TextAreaField,
  TextField,
  useAuth,
  useEntityForm,
  usePageTitle,
  useQuery,
} from '@loupe/platform';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { suspicionsQuery, useDecideSuspicion } from '../api/suspicions';

const TITLE = 'Suspicious activity reports';

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  margin-top: 0;
`;
const Report = styled.article`
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  padding-top: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(3)};
  h3 {
    margin: 0 0 ${({ theme }) => theme.space(1)};
  }
`;

const subjectPath = (report: SuspicionReport): string | null => {
  switch (report.subject) {
    case 'client':
      return `/clients/${report.subject_id}`;
    case 'deal':
      return `/deals/${report.subject_id}`;
    case 'purchase':
      return `/purchases/${report.subject_id}`;
    default:
      return null;
  }
};

/**
 * /compliance/reports (issue 25 item 1): the nominated officer's register of internal suspicious activity
 * reports (POCA 2002 s.330/331, MLR 2017 reg. 21(5)) — each report with its grounds, and the decision: disclosed
 * to the NCA (its reference and day) or not (the reasons). Anyone else reads only why it is not theirs.
 */
export function SuspicionRegisterPage() {
  usePageTitle(TITLE);
  const { nominatedOfficer, loading } = useAuth();
  if (nominatedOfficer) return <RegisterView />;
  return (
    <>
      <PageHeader title={TITLE} />
      {loading ? null : <Alert>{NOMINATED_OFFICER_ONLY}</Alert>}
    </>
  );
}

function RegisterView() {
  const register = useQuery(suspicionsQuery());
  const [deciding, setDeciding] = useState<SuspicionReport | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const data = register.data;
  const open = data?.results.filter((r) => r.decision === null).length ?? 0;
  return (
    <>
      <PageHeader title={TITLE} />
      {done ? <Alert tone="success">{done}</Alert> : null}
      {register.isPending ? <Spinner label="Loading the reports" /> : null}
      {register.isError ? (
        <RetryAlert
          error={register.error}
          what="The reports could not be loaded."
          onRetry={() => void register.refetch()}
        />
      ) : null}
      {data ? (
        <Card aria-labelledby="suspicions-register">
          <CardTitle id="suspicions-register">
            Register ({data.count} {data.count === 1 ? 'report' : 'reports'}, {open} awaiting a decision)
          </CardTitle>
          <Muted>
            Only you see these reports. Do not tell the client, or anyone who need not know, that a report was
            made or disclosed (tipping off, POCA 2002 s.333A).
          </Muted>
          {data.count === 0 ? <p>No report has been made.</p> : null}
          {data.results.map((report) => (
            <ReportEntry key={report.id} report={report} onDecide={() => setDeciding(report)} />
          ))}
        </Card>
      ) : null}
      <Modal
        open={deciding !== null}
        title={deciding ? `Decision on ${deciding.reference}` : 'Decision'}
        onClose={() => setDeciding(null)}
        closeLabel="Cancel"
        returnFocus="heading"
      >
        {deciding ? (
          <DecisionForm
            report={deciding}
            onDone={(message) => {
              setDeciding(null);
              setDone(message);
            }}
          />
        ) : null}
      </Modal>
    </>
  );
}

function ReportEntry({ report, onDecide }: { report: SuspicionReport; onDecide(): void }) {
  const path = subjectPath(report);
  const headingId = `suspicion-${report.id}`;
  return (
    <Report aria-labelledby={headingId}>
      <h3 id={headingId}>
        {report.reference}: {SUSPICION_SUBJECT_LABELS[report.subject]}{' '}
        {path ? <Link to={path}>{report.subject_name}</Link> : report.subject_name}
      </h3>
      <Muted>
        Reported by {report.reported_by ?? 'a former member'} on {formatMoment(report.reported_at)}
      </Muted>
      <Facts>
        {report.client_name && report.subject !== 'client' ? (
          <>
            <dt>Client</dt>
            <dd>{report.client_name}</dd>
          </>
        ) : null}
        <dt>Grounds</dt>
        <dd>{report.grounds}</dd>
        <dt>Decision</dt>
        <dd>{report.decision ? SUSPICION_DECISION_LABELS[report.decision] : 'Awaiting your decision'}</dd>
        {report.decision === 'disclosed' ? (
          <>
            <dt>NCA reference</dt>
            <dd>{report.nca_reference}</dd>
            <dt>Disclosed on</dt>
            <dd>{formatDay(report.disclosed_on)}</dd>
          </>
        ) : null}
        {report.notes ? (
          <>
            <dt>Notes</dt>
            <dd>{report.notes}</dd>
          </>
        ) : null}
        {report.decided_at ? (
          <>
            <dt>Decided</dt>
            <dd>
              {formatMoment(report.decided_at)} by {report.decided_by ?? 'a former member'}
            </dd>
          </>
        ) : null}
      </Facts>
      <Button
        variant="secondary"
        onClick={onDecide}
        aria-label={`Record the decision on ${report.reference}`}
      >
        {report.decision ? 'Change the decision' : 'Record the decision'}
      </Button>
    </Report>
  );
}

interface DecisionValues {
  decision: SuspicionDecisionChoice;
  nca_reference: string;
  disclosed_on: string;
  notes: string;
}

/**
 * The nominated officer's decision on a report (POCA 2002 s.331, MLR 2017 reg. 21(5)) on the platform's
 * edit/create controller: the form's names are the service's, so its 400s sit at their fields. A dialog's form:
 * it is closed, not left, so no unsaved-changes question.
 */
function DecisionForm({ report, onDone }: { report: SuspicionReport; onDone(message: string): void }) {
  const decide = useDecideSuspicion();
  const controller = useEntityForm<DecisionValues, SuspicionReport>({
    values: {
      decision: report.decision ?? 'disclosed',
      nca_reference: report.nca_reference ?? '',
      disclosed_on: report.disclosed_on ?? '',
      notes: report.notes,
    },
    guard: false,
    failedText: 'The decision could not be saved. Please try again.',
    savedMessage: null,
    save: ({ decision, nca_reference, disclosed_on, notes }) =>
      decide.mutateAsync({
        id: report.id,
        decision,
        notes,
        ...(decision === 'disclosed' ? { nca_reference, disclosed_on: disclosed_on || null } : {}),
      }),
    onSaved: (_saved, { decision }) =>
      onDone(`${report.reference}: ${SUSPICION_DECISION_LABELS[decision]} recorded.`),
  });
  const { text, value } = controller;
  const decision = value('decision');
  const disclosed = decision.value === 'disclosed';

  return (
    <form
      ref={controller.formRef}
      onSubmit={controller.onSubmit}
      aria-label={`Decision on ${report.reference}`}
      noValidate
    >
      <FormNotices controller={controller} status={false} />
      <ChoiceField
        label="Decision"
        options={SUSPICION_DECISIONS}
        labels={SUSPICION_DECISION_LABELS}
        {...decision}
      />
      {disclosed ? (
        <>
          <TextField label="NCA reference" maxLength={64} {...text('nca_reference')} />
          <DayField label="Disclosed on" {...value('disclosed_on')} />
        </>
      ) : null}
      <TextAreaField
        label={disclosed ? 'Notes' : 'Why no disclosure is made'}
        maxLength={4000}
        {...text('notes')}
      />
      <FormActions submitLabel="Save the decision" busy={controller.busy} />
    </form>
  );
}
