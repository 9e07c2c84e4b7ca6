import { RISK_ASSESSMENT_NOT_ALLOWED, RISK_REVIEW_DUE_DAYS, type RiskAssessmentList } from '@loupe/contracts';
import {
  Alert,
  Button,
  Card,
  DayField,
  FileField,
  formatDay,
  formatMoment,
  PageHeader,
  readServerErrors,
  RetryAlert,
  SelectField,
  Spinner,
  TextAreaField,
  TextField,
  today,
  useAuth,
  usePageTitle,
  useQuery,
} from '@loupe/platform';
import { useId, useState, type FormEvent } from 'react';
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

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  margin: 0 0 ${({ theme }) => theme.space(4)};
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
    white-space: pre-line;
  }
  @media (max-width: 480px) {
    grid-template-columns: 1fr;
  }
`;
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
          <Facts>
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

function NewVersion({ list }: { list: RiskAssessmentList }) {
  const titleId = useId();
  const { user } = useAuth();
  const add = useAddAssessment();
  const [file, setFile] = useState<File | null>(null);
  const [owner, setOwner] = useState(String(list.current?.ownerUserId ?? user?.id ?? ''));
  const [assessedOn, setAssessedOn] = useState(today());
  const [reviewOn, setReviewOn] = useState(addYear(today()));
  const [notes, setNotes] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (add.isPending) return;
    setSaved(null);
    setFormError(null);
    const local: Record<string, string> = {};
    if (!file) local.file = 'Choose the assessment’s document.';
    if (!assessedOn) local.assessedOn = 'This field is required.';
    if (!reviewOn) local.reviewOn = 'This field is required.';
    else if (assessedOn && reviewOn <= assessedOn)
      local.reviewOn = 'The review date must be after the assessment date.';
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    try {
      const created = await add.mutateAsync({
        file: file as File,
        ownerUserId: owner,
        assessedOn,
        reviewOn,
        notes,
        onProgress: setProgress,
      });
      setSaved(`Version ${created.version} recorded.`);
      setFile(null);
      setNotes('');
    } catch (error) {
      const server = readServerErrors(error, 'The risk assessment could not be recorded. Please try again.');
      setErrors(server.fields as Record<string, string>);
      setFormError(server.form);
    } finally {
      setProgress(null);
    }
  }

  return (
    <Card aria-labelledby={titleId}>
      <SectionTitle id={titleId}>Record a new version</SectionTitle>
      <form onSubmit={submit} noValidate aria-labelledby={titleId}>
        {formError ? <Alert>{formError}</Alert> : null}
        {saved ? <Alert tone="success">{saved}</Alert> : null}
        <FileField
          label="Document"
          accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
          hint="The written assessment as a PDF (or a JPEG or PNG scan), up to 10 MB."
          check={(f) => (f.size > 10 * 1024 * 1024 ? 'The file is too large (the limit is 10 MB).' : null)}
          file={file}
          onChange={setFile}
          progress={progress}
          progressLabel="Risk assessment upload"
          removeLabel="Remove File"
          error={errors.file}
        />
        <SelectField
          label="Owner"
          value={owner}
          onChange={(e) => setOwner(e.target.value)}
          error={errors.ownerUserId}
        >
          {list.members.map((m) => (
            <option key={m.userId} value={m.userId}>
              {m.username} ({m.role})
            </option>
          ))}
        </SelectField>
        <Row>
          <DayField
            label="Assessed on"
            value={assessedOn}
            onChange={setAssessedOn}
            error={errors.assessedOn}
          />
          <DayField
            label="Review by"
            value={reviewOn}
            onChange={setReviewOn}
            error={errors.reviewOn}
            hint={`“Review due” shows from ${RISK_REVIEW_DUE_DAYS} days before.`}
          />
        </Row>
        <TextAreaField
          label="Notes"
          value={notes}
          maxLength={2000}
          onChange={(e) => setNotes(e.target.value)}
          error={errors.notes}
        />
        <Button type="submit" disabled={add.isPending} aria-busy={add.isPending || undefined}>
          {add.isPending ? 'Saving...' : 'Record version'}
        </Button>
      </form>
    </Card>
  );
}

/** The shop's "Enhanced due diligence from £…" (a high-risk client's sale, purchase or payment at or above it). */
function EddThreshold() {
  const titleId = useId();
  const settings = useQuery(riskSettingsQuery());
  const save = useSetThreshold();
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const shown = value ?? settings.data?.eddThresholdGbp ?? '';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    setSaved(false);
    setError(null);
    try {
      const answer = await save.mutateAsync(shown.trim());
      setValue(answer.eddThresholdGbp);
      setSaved(true);
    } catch (e) {
      const server = readServerErrors(e, 'The amount could not be saved. Please try again.');
      setError((server.fields as Record<string, string>).eddThresholdGbp ?? server.form);
    }
  }

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
        <form onSubmit={submit} noValidate aria-labelledby={titleId}>
          <Row>
            <TextField
              label="Enhanced due diligence from (£)"
              inputMode="decimal"
              value={shown}
              onChange={(e) => setValue(e.target.value)}
              error={error ?? undefined}
            />
            <Button type="submit" disabled={save.isPending || !settings.data}>
              {save.isPending ? 'Saving...' : 'Save amount'}
            </Button>
          </Row>
          {saved ? <p role="status">Saved.</p> : null}
        </form>
      )}
    </Card>
  );
}
