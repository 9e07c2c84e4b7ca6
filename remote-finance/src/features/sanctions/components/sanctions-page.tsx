import {
  SANCTIONS_OFFICER_ONLY,
  type SanctionsDecisionKind,
  type SanctionsImportInfo,
  type SanctionsMatch,
} from '@loupe/contracts';
import {
  Alert,
  Button,
  Card,
  CardTitle,
  Facts,
  FormActions,
  formatCount,
  formatMoment,
  FormNotices,
  Modal,
  PageHeader,
  RetryAlert,
  Spinner,
  StatList,
  TextAreaField,
  useAuth,
  useEntityForm,
  usePageTitle,
  useQuery,
} from '@loupe/platform';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { sanctionsReviewQuery, useDecideMatch } from '../api/sanctions';

const TITLE = 'Sanctions screening';

const FORMATS: Record<SanctionsImportInfo['format'], string> = {
  ofsi_consolidated: 'OFSI Consolidated List',
  uk_sanctions_list: 'UK Sanctions List',
};

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  margin-top: 0;
`;
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;
const Names = styled.ul`
  margin: 0;
  padding-left: 1.2em;
`;

const percent = (score: number) => `${Math.round(score * 100)}%`;

/**
 * /compliance/sanctions (issue 25 item 2): the nominated officer's review of sanctions screening — each client
 * whose name possibly matches someone on the UK sanctions list, with the listed person's names, regime and date
 * of birth, to clear (a false positive: the client's hold lifts) or confirm (a true match: the hold stays, and
 * the officer reports it to OFSI); both after a confirmation, both audited. Anyone else reads why it is not
 * theirs, and nothing of a match (no tipping off).
 */
export function SanctionsPage() {
  usePageTitle(TITLE);
  const { nominatedOfficer, loading } = useAuth();
  if (nominatedOfficer) return <SanctionsReviewView />;
  return (
    <>
      <PageHeader title={TITLE} />
      {loading ? null : <Alert>{SANCTIONS_OFFICER_ONLY}</Alert>}
    </>
  );
}

function LastImport({ info }: { info: SanctionsImportInfo | null }) {
  return (
    <Card aria-labelledby="sanctions-last-import">
      <CardTitle id="sanctions-last-import">Last import of the list</CardTitle>
      {info === null ? (
        <Muted>
          No sanctions list has been imported yet, so no client has been screened. Import the UK Sanctions
          List CSV on the server with npm run sanctions:import -- FILE.
        </Muted>
      ) : (
        <StatList>
          <dt>List</dt>
          <dd>
            {FORMATS[info.format]}
            {info.listDate ? ` (${info.listDate})` : ''}
          </dd>
          <dt>File</dt>
          <dd>{info.fileName}</dd>
          <dt>Imported</dt>
          <dd>{formatMoment(info.importedAt)}</dd>
          <dt>Designations</dt>
          <dd>
            {formatCount(info.designations)} ({formatCount(info.names)} names)
          </dd>
          <dt>Clients screened</dt>
          <dd>
            {formatCount(info.clientsScreened)}, {formatCount(info.possibleMatches)} new possible matches
          </dd>
        </StatList>
      )}
    </Card>
  );
}

function ListedFacts({ match }: { match: SanctionsMatch }) {
  const { listed } = match;
  return (
    <Facts>
      <dt>Matched name</dt>
      <dd>
        {match.matchedName} ({percent(match.score)} similar)
      </dd>
      <dt>Listed names</dt>
      <dd>
        <Names>
          {listed.names.map((n) => (
            <li key={n.name}>
              {n.name} <Muted as="span">({n.type})</Muted>
            </li>
          ))}
        </Names>
      </dd>
      <dt>Type</dt>
      <dd>{listed.groupType || '—'}</dd>
      <dt>Regime</dt>
      <dd>{listed.regime || '—'}</dd>
      <dt>Date of birth</dt>
      <dd>{listed.dob || '—'}</dd>
      <dt>Nationality</dt>
      <dd>{listed.nationality || '—'}</dd>
      <dt>Listed on</dt>
      <dd>{listed.listedOn || '—'}</dd>
      <dt>List reference</dt>
      <dd>{listed.listId}</dd>
    </Facts>
  );
}

interface Pending {
  match: SanctionsMatch;
  decision: SanctionsDecisionKind;
}

function SanctionsReviewView() {
  const review = useQuery(sanctionsReviewQuery());
  const [pending, setPending] = useState<Pending | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const data = review.data;
  return (
    <>
      <PageHeader title={TITLE} />
      {done ? <Alert tone="success">{done}</Alert> : null}
      {review.isPending ? <Spinner label="Loading the sanctions review" /> : null}
      {review.isError ? (
        <RetryAlert
          error={review.error}
          what="The sanctions review could not be loaded."
          onRetry={() => void review.refetch()}
        />
      ) : null}
      {data ? (
        <>
          <LastImport info={data.lastImport} />
          <Card aria-labelledby="sanctions-open">
            <CardTitle id="sanctions-open">Possible matches to decide ({data.open.length})</CardTitle>
            <Muted>
              Each client below is on hold: no sale, purchase or payment until you decide. Staff see only that
              a compliance check is pending.
            </Muted>
            {data.open.length === 0 ? <p>No possible match is waiting for a decision.</p> : null}
            {data.open.map((match) => (
              <article key={match.id} aria-labelledby={`sanctions-match-${match.id}`}>
                <h3 id={`sanctions-match-${match.id}`}>
                  <Link to={`/clients/${match.clientId}`}>{match.clientName}</Link>
                </h3>
                <Muted>Screened {formatMoment(match.createdAt)}</Muted>
                <ListedFacts match={match} />
                <Actions>
                  <Button
                    variant="secondary"
                    aria-label={`Clear ${match.clientName}: not the listed person`}
                    onClick={() => setPending({ match, decision: 'clear' })}
                  >
                    Clear (false positive)
                  </Button>
                  <Button
                    variant="danger"
                    aria-label={`Confirm ${match.clientName} as a true match`}
                    onClick={() => setPending({ match, decision: 'confirm' })}
                  >
                    Confirm match
                  </Button>
                </Actions>
              </article>
            ))}
          </Card>
          <Card aria-labelledby="sanctions-decided">
            <CardTitle id="sanctions-decided">Decisions</CardTitle>
            {data.decided.length === 0 ? <p>No decision yet.</p> : null}
            {data.decided.length > 0 ? (
              <Names aria-label="Decisions">
                {data.decided.map((m) => (
                  <li key={m.id}>
                    <strong>{m.status === 'cleared' ? 'Cleared' : 'Confirmed'}</strong>: {m.clientName} —{' '}
                    {m.matchedName}, by {m.decidedBy ?? '—'}
                    {m.decidedAt ? ` on ${formatMoment(m.decidedAt)}` : ''}
                    {m.note ? `. ${m.note}` : ''}
                  </li>
                ))}
              </Names>
            ) : null}
          </Card>
        </>
      ) : null}
      <DecisionDialog
        pending={pending}
        onClose={() => setPending(null)}
        onDone={(message) => {
          setPending(null);
          setDone(message);
        }}
      />
    </>
  );
}

function DecisionDialog({
  pending,
  onClose,
  onDone,
}: {
  pending: Pending | null;
  onClose(): void;
  onDone(message: string): void;
}) {
  const clear = pending?.decision === 'clear';
  return (
    <Modal
      open={pending !== null}
      title={clear ? 'Clear this match?' : 'Confirm this match?'}
      onClose={onClose}
      closeLabel="Cancel"
      returnFocus="heading"
    >
      {pending ? <DecisionForm pending={pending} onDone={onDone} /> : null}
    </Modal>
  );
}

/**
 * The officer's decision on a possible match (Sanctions and Anti-Money Laundering Act 2018; OFSI's guidance on
 * reporting) on the platform's edit/create controller: one send at a time, the refusal (409: already decided)
 * shown inside the dialog, the reason's own 400 at its field.
 */
function DecisionForm({ pending, onDone }: { pending: Pending; onDone(message: string): void }) {
  const { match, decision } = pending;
  const clear = decision === 'clear';
  const decide = useDecideMatch();
  const controller = useEntityForm<{ note: string }, SanctionsMatch>({
    values: { note: '' },
    guard: false,
    failedText: 'The decision could not be saved. Please try again.',
    savedMessage: null,
    save: ({ note }) => decide.mutateAsync({ id: match.id, decision, note }),
    onSaved: () =>
      onDone(
        clear
          ? `Cleared: ${match.clientName} is not the listed person. Sales, purchases and payments are open again.`
          : `Confirmed: ${match.clientName} stays on hold. Freeze what the shop holds for them and report it to OFSI.`,
      ),
  });

  return (
    <form
      ref={controller.formRef}
      onSubmit={controller.onSubmit}
      aria-label={clear ? 'Clear the match' : 'Confirm the match'}
    >
      <p>
        {clear
          ? `${match.clientName} will be recorded as not being ${match.matchedName}, and their hold lifts.`
          : `${match.clientName} will be recorded as ${match.matchedName}, and stays on hold.`}
      </p>
      <FormNotices controller={controller} status={false} />
      <TextAreaField
        label="Reason (recorded in the audit trail)"
        maxLength={1000}
        {...controller.text('note')}
      />
      <FormActions submitLabel={clear ? 'Clear match' : 'Confirm match'} busy={controller.busy} />
    </form>
  );
}
