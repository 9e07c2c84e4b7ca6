import {
  API_BASE,
  EDD_EVIDENCE_KINDS,
  EDD_EVIDENCE_LABELS,
  EDD_MISSING_LABELS,
  RISK_NOT_ALLOWED,
  RISK_RATINGS,
  RISK_RATING_LABELS,
  RISK_REASONS,
  RISK_REASON_LABELS,
  endpoints,
  pathOf,
  type ClientRisk,
  type EddEvidenceKind,
  type RiskRating,
  type RiskReason,
} from '@loupe/contracts';
import {
  api,
  apiUpload,
  Button,
  Card,
  Facts,
  FileField,
  formatMoment,
  FormFailure,
  FormNotices,
  Modal,
  queryKeys,
  readServerErrors,
  RetryAlert,
  SelectField,
  Spinner,
  TextAreaField,
  useApiMutation,
  useAuth,
  useEntityForm,
  useQuery,
} from '@loupe/platform';
import { useId, useState } from 'react';
import styled from 'styled-components';

/*
 * The client's risk rating and enhanced due diligence (issue 25 item 1; MLR 2017 reg. 28(12)-(13), 33, 35).
 * Platinum and gold rate, file evidence and approve. Silver sees the section read-only: the rating changes what
 * they may sell or buy (a high-risk client's sale is refused until EDD is complete), so they see why, and whom
 * to ask, without being able to change it.
 */

const SectionTitle = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  font-size: 1.2rem;
`;
const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  align-items: center;
`;
const Note = styled.p`
  margin: ${({ theme }) => `${theme.space(3)} 0 0`};
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.9rem;
`;
const Choices = styled.fieldset`
  border: 0;
  margin: 0 0 ${({ theme }) => theme.space(4)};
  padding: 0;
  legend {
    font-weight: 600;
    margin-bottom: ${({ theme }) => theme.space(2)};
  }
  label {
    display: flex;
    gap: ${({ theme }) => theme.space(2)};
    align-items: center;
    min-height: 44px;
  }
`;
const FieldError = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  margin: ${({ theme }) => `${theme.space(1)} 0 0`};
`;

const riskKey = (clientId: number) => [...queryKeys.clients.detail(clientId), 'risk'] as const;

export function useClientRisk(clientId: number) {
  return useQuery({
    queryKey: riskKey(clientId),
    queryFn: ({ signal }) => api(endpoints.risk.client, { params: { id: clientId }, signal }),
  });
}

const evidenceUrl = (clientId: number, docId: number) =>
  API_BASE + pathOf(endpoints.risk.evidence, { id: clientId, docId });

const pounds = (value: string) =>
  `£${Number(value).toLocaleString('en-GB', {
    minimumFractionDigits: Number(value) % 1 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  })}`;

function eddText(risk: ClientRisk): string {
  if (!risk.eddRequired) return 'Not needed at this rating';
  const from = `sales, purchases and payments from ${pounds(risk.eddThresholdGbp)}`;
  if (risk.eddMissing.length === 0) return `Complete: ${from} can go ahead`;
  return `Incomplete: ${from} will be refused. Missing: ${risk.eddMissing
    .map((m) => EDD_MISSING_LABELS[m].toLowerCase())
    .join(', ')}`;
}

/** The "Risk rating" section of the client's page. */
export function ClientRiskSection({ clientId, clientName }: { clientId: number; clientName: string }) {
  const titleId = useId();
  const noteId = useId();
  const allowed = useAuth().can('verifyClients');
  const risk = useClientRisk(clientId);
  const [dialog, setDialog] = useState<'rate' | 'evidence' | 'approve' | null>(null);

  let body;
  if (risk.status === 'error') {
    body = (
      <RetryAlert
        error={risk.error}
        what="Failed to load the risk rating."
        onRetry={() => void risk.refetch()}
      />
    );
  } else if (!risk.data) {
    body = <Spinner label="Loading the risk rating..." />;
  } else {
    const r = risk.data;
    const high = r.rating === 'high';
    body = (
      <>
        <Facts $stack>
          <dt>Rating</dt>
          <dd>{RISK_RATING_LABELS[r.rating]}</dd>
          <dt>Reasons</dt>
          <dd>
            {r.reasons.length ? r.reasons.map((x) => RISK_REASON_LABELS[x]).join(', ') : 'None recorded'}
          </dd>
          {r.notes ? (
            <>
              <dt>Notes</dt>
              <dd>{r.notes}</dd>
            </>
          ) : null}
          <dt>Rated</dt>
          <dd>
            {r.ratedAt
              ? `By ${r.ratedBy ?? 'a former member'} on ${formatMoment(r.ratedAt)}`
              : 'Not rated yet'}
          </dd>
          <dt>Enhanced due diligence</dt>
          <dd>{eddText(r)}</dd>
          {high ? (
            <>
              <dt>Senior approval</dt>
              <dd>
                {r.approvedAt
                  ? `Approved by ${r.approvedBy ?? 'a former member'} on ${formatMoment(r.approvedAt)}${
                      r.approvalNotes ? `: ${r.approvalNotes}` : ''
                    }`
                  : 'Not approved'}
              </dd>
            </>
          ) : null}
        </Facts>
        {r.documents.length > 0 ? (
          <ul aria-label="Enhanced due diligence documents">
            {r.documents.map((doc) => (
              <li key={doc.id}>
                {EDD_EVIDENCE_LABELS[doc.kind]}:{' '}
                <a href={evidenceUrl(clientId, doc.id)} download={doc.name}>
                  {doc.name}
                </a>{' '}
                ({formatMoment(doc.uploadedAt)})
              </li>
            ))}
          </ul>
        ) : null}
        <Row>
          <Button
            disabled={!allowed}
            aria-describedby={allowed ? undefined : noteId}
            onClick={() => setDialog('rate')}
          >
            Change rating
          </Button>
          {high ? (
            <>
              <Button
                variant="secondary"
                disabled={!allowed}
                aria-describedby={allowed ? undefined : noteId}
                onClick={() => setDialog('evidence')}
              >
                Add evidence
              </Button>
              <Button
                variant="secondary"
                disabled={!allowed}
                aria-describedby={allowed ? undefined : noteId}
                onClick={() => setDialog('approve')}
              >
                Record senior approval
              </Button>
            </>
          ) : null}
        </Row>
        {allowed ? null : <Note id={noteId}>{RISK_NOT_ALLOWED}</Note>}
        {dialog === 'rate' ? (
          <RateDialog risk={r} clientName={clientName} onClose={() => setDialog(null)} />
        ) : null}
        {dialog === 'evidence' ? (
          <EvidenceDialog clientId={clientId} onClose={() => setDialog(null)} />
        ) : null}
        {dialog === 'approve' ? (
          <ApproveDialog clientId={clientId} clientName={clientName} onClose={() => setDialog(null)} />
        ) : null}
      </>
    );
  }

  return (
    <Card aria-labelledby={titleId}>
      <SectionTitle id={titleId}>Risk rating</SectionTitle>
      {body}
    </Card>
  );
}

interface RatingValues {
  rating: RiskRating;
  reasons: RiskReason[];
  notes: string;
}

function RateDialog({
  risk,
  clientName,
  onClose,
}: {
  risk: ClientRisk;
  clientName: string;
  onClose(): void;
}) {
  const reasonsErrorId = useId();
  const save = useApiMutation(endpoints.risk.rate, {
    call: (body: RatingValues) => ({ params: { id: risk.clientId }, body }),
    changes: ['clients'],
  });
  // On the platform's form controller (issue 21 item 5). What a rating needs (a reason for high, notes for
  // Other) is the service's rule (risk-service.ts), written once there: its refusal is shown beside the choices.
  // The dialog closes on save and the section's facts say the new rating.
  const controller = useEntityForm<RatingValues, ClientRisk>({
    values: { rating: risk.rating, reasons: risk.reasons, notes: risk.notes },
    failedText: 'The rating could not be saved. Please try again.',
    savedMessage: null,
    guard: false,
    save: (values) => save.mutateAsync(values),
    onSaved: () => onClose(),
  });
  const { busy } = controller;
  const rating = controller.value('rating');
  const reasons = controller.value('reasons');

  const toggle = (reason: RiskReason, on: boolean) =>
    reasons.onChange(on ? [...reasons.value, reason] : reasons.value.filter((r) => r !== reason));

  return (
    <Modal open title={`Risk rating of ${clientName}`} onClose={onClose} closeLabel="Cancel">
      <form ref={controller.formRef} onSubmit={controller.onSubmit} noValidate aria-label="Risk rating">
        <FormNotices controller={controller} status={false} />
        <Choices>
          <legend>Rating</legend>
          {RISK_RATINGS.map((value) => (
            <label key={value}>
              <input
                type="radio"
                name="rating"
                value={value}
                checked={rating.value === value}
                onChange={() => rating.onChange(value)}
              />
              {RISK_RATING_LABELS[value]}
            </label>
          ))}
          {rating.error ? <FieldError role="alert">{rating.error}</FieldError> : null}
        </Choices>
        <Choices aria-describedby={reasons.error ? reasonsErrorId : undefined}>
          <legend>Reasons</legend>
          {RISK_REASONS.map((value) => (
            <label key={value}>
              <input
                type="checkbox"
                name="reasons"
                value={value}
                checked={reasons.value.includes(value)}
                onChange={(e) => toggle(value, e.target.checked)}
              />
              {RISK_REASON_LABELS[value]}
            </label>
          ))}
          {reasons.error ? (
            <FieldError id={reasonsErrorId} role="alert">
              {reasons.error}
            </FieldError>
          ) : null}
        </Choices>
        <TextAreaField label="Notes" maxLength={2000} {...controller.text('notes')} />
        {rating.value !== risk.rating && risk.approvedAt ? (
          <Note>A new rating withdraws the senior approval: it approved the client at the old rating.</Note>
        ) : null}
        <Row>
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Saving...' : 'Save rating'}
          </Button>
        </Row>
      </form>
    </Modal>
  );
}

const PAPER_TYPES = ['application/pdf', 'image/jpeg', 'image/png'];
const EVIDENCE_ENDPOINTS = {
  source_of_funds: endpoints.risk.addFundsEvidence,
  source_of_wealth: endpoints.risk.addWealthEvidence,
} as const;

interface EvidenceValues {
  kind: EddEvidenceKind;
  file: File | null;
}

function EvidenceDialog({ clientId, onClose }: { clientId: number; onClose(): void }) {
  const [progress, setProgress] = useState<number | null>(null);
  const send = useApiMutation(endpoints.risk.addFundsEvidence, {
    send: ({ kind, file }: { kind: EddEvidenceKind; file: File }) =>
      apiUpload(EVIDENCE_ENDPOINTS[kind], {
        params: { id: clientId },
        file,
        onProgress: (p) => setProgress(p.percent),
      }),
    changes: ['clients'],
  });
  // On the platform's form controller (issue 21 item 5): the kind and the chosen file are its values; a missing
  // file is refused before any call, and every refusal of the upload is said at the file, as before.
  const controller = useEntityForm<EvidenceValues, ClientRisk>({
    values: { kind: 'source_of_funds', file: null },
    check: ({ file }) => (file ? {} : { file: 'Choose a file to upload.' }),
    failedText: 'The document could not be uploaded. Please try again.',
    savedMessage: null,
    guard: false,
    async save({ kind, file }) {
      try {
        return await send.mutateAsync({ kind, file: file as File });
      } catch (error) {
        setProgress(null);
        const server = readServerErrors(error, 'The document could not be uploaded. Please try again.');
        const message = (server.fields as Record<string, string>).file ?? server.form;
        throw new FormFailure({ fields: message ? { file: message } : {}, form: null });
      }
    },
    onSaved: () => onClose(),
  });
  const { busy } = controller;
  const file = controller.value('file');

  return (
    <Modal open title="Add enhanced due diligence evidence" onClose={onClose} closeLabel="Cancel">
      <form ref={controller.formRef} onSubmit={controller.onSubmit} noValidate aria-label="Add evidence">
        <SelectField label="Evidence of" {...controller.text('kind')}>
          {EDD_EVIDENCE_KINDS.map((k) => (
            <option key={k} value={k}>
              {EDD_EVIDENCE_LABELS[k]}
            </option>
          ))}
        </SelectField>
        <FileField
          label="Document"
          name="file"
          accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
          hint="A PDF, JPEG or PNG of up to 10 MB: a bank statement, a sale contract, a payslip, a will…"
          check={(f) =>
            f.size > 10 * 1024 * 1024
              ? 'The file is too large (the limit is 10 MB).'
              : f.type && !PAPER_TYPES.includes(f.type)
                ? 'Upload a PDF, JPEG or PNG file.'
                : null
          }
          file={file.value}
          onChange={file.onChange}
          progress={progress}
          progressLabel="Evidence upload"
          removeLabel="Remove File"
          error={file.error}
        />
        <Row>
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Uploading...' : 'Upload evidence'}
          </Button>
        </Row>
      </form>
    </Modal>
  );
}

function ApproveDialog({
  clientId,
  clientName,
  onClose,
}: {
  clientId: number;
  clientName: string;
  onClose(): void;
}) {
  const approve = useApiMutation(endpoints.risk.approve, {
    call: (body: { notes: string }) => ({ params: { id: clientId }, body }),
    changes: ['clients'],
  });
  // On the platform's form controller (issue 21 item 5); the section's Senior approval line says it was saved.
  const controller = useEntityForm<{ notes: string }, ClientRisk>({
    values: { notes: '' },
    failedText: 'The approval could not be recorded.',
    savedMessage: null,
    guard: false,
    save: (values) => approve.mutateAsync(values),
    onSaved: () => onClose(),
  });
  const { busy } = controller;
  return (
    <Modal open title={`Approve ${clientName} as a high-risk client`} onClose={onClose} closeLabel="Cancel">
      <form ref={controller.formRef} onSubmit={controller.onSubmit} noValidate aria-label="Senior approval">
        <p>
          Record that you, as a senior member, approve the business relationship with this high-risk client
          (MLR 2017 reg. 35(5)(a)). You are recorded as the approver.
        </p>
        <FormNotices controller={controller} status={false} />
        <TextAreaField label="Notes" maxLength={2000} {...controller.text('notes')} />
        <Row>
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Saving...' : 'Approve'}
          </Button>
        </Row>
      </form>
    </Modal>
  );
}
