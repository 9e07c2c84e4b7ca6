import {
  REQUIRED,
  RISK_ASSESSMENT_NOT_ALLOWED,
  RISK_REVIEW_BEFORE_DATE,
  RISK_REVIEW_DUE_DAYS,
  type RiskAssessment as AssessmentVersion,
  type RiskAssessmentList,
  type RiskSettings,
} from '@loupe/contracts';
import {
  Alert,
  Button,
  Card,
  DayField,
  Facts,
  FileField,
  formatDay,
  formatMoment,
  FormNotices,
  type FormProblems,
  PageHeader,
  RetryAlert,
  SelectField,
  Spinner,
  TextAreaField,
  TextField,
  today,
  useAuth,
  useEntityForm,
  usePageTitle,
  useQuery,
} from '@loupe/platform';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import {
  assessmentFileUrl,
  riskAssessmentsQuery,
  riskSettingsQuery,
  useAddAssessment,
  useSetThreshold,
} from '../api/risk-assessment';

const TITLE = 'Risk assessment';

const SectionTitle = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  font-size: 1.2rem;
`;
const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  align-items: flex-end;
`;
const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    text-align: left;
    padding: ${({ theme }) => theme.space(2)};
    border-bottom: 1px solid ${({ theme }) => theme.colors.divider};
    vertical-align: top;
    overflow-wrap: anywhere;
  }
  @media (max-width: 600px) {
    thead {
      display: none;
    }
    tr,
    th,
    td {
      display: block;
    }
    td[data-label]::before {
      content: attr(data-label) ': ';
      font-weight: 600;
    }
  }
`;

/** The reminder's words for a review state: the /compliance page and this page say the same. */
export function reviewNotice(list: RiskAssessmentList): string | null {
  const on = list.current ? formatDay(list.current.reviewOn) : '';
  switch (list.review) {
    case 'none':
      return 'No firm-wide risk assessment is on file (MLR 2017 reg. 18).';
    case 'overdue':
      return `Review overdue: the risk assessment was due for review on ${on}.`;
    case 'due':
      return `Review due: the risk assessment is due for review on ${on}.`;
    default:
      return null;
  }
}

/**
 * /compliance/risk-assessment (issue 25 item 1, platinum): the firm-wide risk assessment a high value dealer
 * must write and keep up to date (MLR 2017 reg. 18, 18A) — its document, owner, dates and notes, every version
 * kept — with "Review due" from 30 days before the review date, and the shop's enhanced due diligence amount.
 */
export function RiskAssessmentPage() {
  usePageTitle(TITLE);
  const { can, loading } = useAuth();
  if (can('editSettings')) return <RiskAssessment />;
  return (
    <>
      <PageHeader title={TITLE} />
      {loading ? null : <Alert>{RISK_ASSESSMENT_NOT_ALLOWED}</Alert>}
    </>
  );
}

function RiskAssessment() {
  const list = useQuery(riskAssessmentsQuery());
  return (
    <>
      <PageHeader title={TITLE} />
      <p>
        <Link to="/compliance">Back to Compliance</Link>
      </p>
      {list.status === 'error' ? (
        <RetryAlert
          error={list.error}
          what="Failed to load the risk assessment."
          onRetry={() => void list.refetch()}
        />
      ) : !list.data ? (
        <Spinner label="Loading the risk assessment..." />
      ) : (
        <Assessment list={list.data} />
      )}
      <EddThreshold />
    </>
  );
}

function Assessment({ list }: { list: RiskAssessmentList }) {
  const currentId = useId();
  const historyId = useId();
  const notice = reviewNotice(list);
  const current = list.current;
  return (
    <>
      {notice ? <Alert tone={list.review === 'overdue' ? 'error' : 'info'}>{notice}</Alert> : null}
      <Card aria-labelledby={currentId}>
        <SectionTitle id={currentId}>In force</SectionTitle>
        {current ? (
          <Facts $stack>
            <dt>Version</dt>
            <dd>{current.version}</dd>
            <dt>Document</dt>
            <dd>
              <a href={assessmentFileUrl(current.id)} download={current.fileName}>
                {current.fileName}
              </a>
            </dd>
            <dt>Owner</dt>
            <dd>{current.owner ?? 'A former member'}</dd>
            <dt>Assessed on</dt>
            <dd>{formatDay(current.assessedOn)}</dd>
            <dt>Review by</dt>
            <dd>{formatDay(current.reviewOn)}</dd>
            <dt>Notes</dt>
            <dd>{current.notes || '—'}</dd>
          </Facts>
        ) : (
          <p>None recorded yet.</p>
        )}
      </Card>
      <NewVersion list={list} />
      {list.history.length > 0 ? (
        <Card aria-labelledby={historyId}>
          <SectionTitle id={historyId}>Every version</SectionTitle>
          <Table aria-labelledby={historyId}>
            <thead>
              <tr>
                <th scope="col">Version</th>
                <th scope="col">Document</th>
                <th scope="col">Owner</th>
                <th scope="col">Assessed on</th>
                <th scope="col">Review by</th>
                <th scope="col">Recorded</th>
              </tr>
            </thead>
            <tbody>
              {list.history.map((a) => (
                <tr key={a.id}>
                  <th scope="row">v{a.version}</th>
                  <td data-label="Document">
                    <a href={assessmentFileUrl(a.id)} download={a.fileName}>
                      {a.fileName}
                    </a>
                  </td>
                  <td data-label="Owner">{a.owner ?? 'A former member'}</td>
                  <td data-label="Assessed on">{formatDay(a.assessedOn)}</td>
                  <td data-label="Review by">{formatDay(a.reviewOn)}</td>
                  <td data-label="Recorded">
                    {formatMoment(a.createdAt)} by {a.createdBy ?? 'a former member'}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Card>
      ) : null}
    </>
  );
}

const addYear = (day: string) => `${Number(day.slice(0, 4)) + 1}${day.slice(4)}`;

interface VersionValues {
  file: File | null;
  ownerUserId: string;
  assessedOn: string;
  reviewOn: string;
  notes: string;
}

/** What the form checks before sending; the service checks the same dates (risk-service.ts). */
function checkVersion(values: VersionValues): FormProblems<VersionValues> {
  const problems: FormProblems<VersionValues> = {};
  if (!values.file) problems.file = 'Choose the assessment’s document.';
  if (!values.assessedOn) problems.assessedOn = REQUIRED;
  if (!values.reviewOn) problems.reviewOn = REQUIRED;
  else if (values.assessedOn && values.reviewOn <= values.assessedOn)
    problems.reviewOn = RISK_REVIEW_BEFORE_DATE;
  return problems;
}

/**
 * A new version of the assessment (MLR 2017 reg. 18(4): kept up to date, in writing) on the platform's
 * edit/create controller: its document is one of the form's values, so the same check refuses a form without it.
 */
function NewVersion({ list }: { list: RiskAssessmentList }) {
  const titleId = useId();
  const { user } = useAuth();
  const add = useAddAssessment();
  const [progress, setProgress] = useState<number | null>(null);
  const controller = useEntityForm<VersionValues, AssessmentVersion>({
    values: {
      file: null,
      ownerUserId: String(list.current?.ownerUserId ?? user?.id ?? ''),
      assessedOn: today(),
      reviewOn: addYear(today()),
      notes: '',
    },
    check: checkVersion,
    failedText: 'The risk assessment could not be recorded. Please try again.',
    savedMessage: (created) => `Version ${created.version} recorded.`,
    async save({ file, ownerUserId, assessedOn, reviewOn, notes }) {
      try {
        return await add.mutateAsync({
          file: file as File,
          ownerUserId,
          assessedOn,
          reviewOn,
          notes,
          onProgress: setProgress,
        });
      } finally {
        setProgress(null);
      }
    },
    // The owner and dates stay for the next version; the document and notes were this one's.
    onSaved: (_created, values) => controller.form.reset({ ...values, file: null, notes: '' }),
  });
  const { text, value, busy } = controller;
  const file = value('file');

  return (
    <Card aria-labelledby={titleId}>
      <SectionTitle id={titleId}>Record a new version</SectionTitle>
      <form ref={controller.formRef} onSubmit={controller.onSubmit} noValidate aria-labelledby={titleId}>
        <FormNotices controller={controller} status={false} />
        {controller.status ? <Alert tone="success">{controller.status}</Alert> : null}
        <FileField
          label="Document"
          accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
          hint="The written assessment as a PDF (or a JPEG or PNG scan), up to 10 MB."
          check={(f) => (f.size > 10 * 1024 * 1024 ? 'The file is too large (the limit is 10 MB).' : null)}
          name={file.name}
          file={file.value}
          onChange={file.onChange}
          progress={progress}
          progressLabel="Risk assessment upload"
          removeLabel="Remove File"
          error={file.error}
        />
        <SelectField label="Owner" {...text('ownerUserId')}>
          {list.members.map((m) => (
            <option key={m.userId} value={m.userId}>
              {m.username} ({m.role})
            </option>
          ))}
        </SelectField>
        <Row>
          <DayField label="Assessed on" {...value('assessedOn')} />
          <DayField
            label="Review by"
            {...value('reviewOn')}
            hint={`“Review due” shows from ${RISK_REVIEW_DUE_DAYS} days before.`}
          />
        </Row>
        <TextAreaField label="Notes" maxLength={2000} {...text('notes')} />
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Saving...' : 'Record version'}
        </Button>
      </form>
    </Card>
  );
}

interface ThresholdValues {
  eddThresholdGbp: string;
}

/** The shop's "Enhanced due diligence from £…" (a high-risk client's sale, purchase or payment at or above it). */
function EddThreshold() {
  const titleId = useId();
  const settings = useQuery(riskSettingsQuery());
  const save = useSetThreshold();
  const controller = useEntityForm<ThresholdValues, RiskSettings>({
    values: { eddThresholdGbp: settings.data?.eddThresholdGbp ?? '' },
    failedText: 'The amount could not be saved. Please try again.',
    save: ({ eddThresholdGbp }) => save.mutateAsync(eddThresholdGbp.trim()),
    // The service's own form of the amount ("5000" is kept as 5000.00).
    onSaved: (answer) => controller.form.reset({ eddThresholdGbp: answer.eddThresholdGbp }),
  });
  // The amount as loaded (and as read again after a save) fills the field, unless something is typed in it.
  const loaded = settings.data?.eddThresholdGbp;
  const typed = useRef(false);
  typed.current = controller.isDirty;
  const { reset } = controller.form;
  useEffect(() => {
    if (loaded !== undefined && !typed.current) reset({ eddThresholdGbp: loaded });
  }, [loaded, reset]);

  return (
    <Card aria-labelledby={titleId}>
      <SectionTitle id={titleId}>Enhanced due diligence</SectionTitle>
      <p>
        A client rated high risk needs source of funds and source of wealth evidence and a senior approval
        before a sale, purchase or payment of this amount or more (MLR 2017 reg. 33). £0 asks for it on every
        one.
      </p>
      {settings.status === 'error' ? (
        <RetryAlert
          error={settings.error}
          what="Failed to load the amount."
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <form ref={controller.formRef} onSubmit={controller.onSubmit} noValidate aria-labelledby={titleId}>
          <FormNotices controller={controller} status={false} />
          <Row>
            <TextField
              label="Enhanced due diligence from (£)"
              inputMode="decimal"
              {...controller.text('eddThresholdGbp')}
            />
            <Button type="submit" disabled={controller.busy || !settings.data}>
              {controller.busy ? 'Saving...' : 'Save amount'}
            </Button>
          </Row>
          {controller.status ? <p role="status">{controller.status}</p> : null}
        </form>
      )}
    </Card>
  );
}
