import {
  WORKSHOP_CLOSED_STAGES,
  WORKSHOP_STAGE_LABELS,
  WORKSHOP_STAGES,
  workshopMoveProblem,
  type WorkshopStage,
} from '@loupe/contracts';
import {
  Alert,
  errorMessage,
  PageHeader,
  RetryAlert,
  Spinner,
  usePageTitle,
  VisuallyHidden,
} from '@loupe/platform';
import { useState, type DragEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useJobs, useMoveJob, type Job, type JobRow } from '../api/jobs';
import { jobState, movesOf, OPEN_STAGES } from '../lib/jobs';
import { JobCard } from './job-card';
import { MoveDialog } from './move-dialog';

/** The most open jobs the board asks for at once (the API's largest page); the list has them all. */
const OPEN_PAGE = 100;
/** The closed columns show the latest few: the list keeps the rest. */
const CLOSED_PAGE = 10;

/**
 * The stages as a grid of columns that wraps to the width it is given: four or five abreast on a laptop, one
 * under another on a phone. Every column is in view without scrolling sideways (the layout rule every screen
 * keeps: nothing wider than its box), so a card can be dragged onto any stage the rule allows.
 */
const Board = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(200px, 1fr));
  align-items: start;
  /* The containing block of the cards' visually hidden texts, so none sits where it would widen the page. */
  position: relative;
  gap: ${({ theme }) => theme.space(3)};
`;

const Column = styled.section<{ $drop: 'none' | 'allowed' | 'over' | 'refused' }>`
  min-width: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  align-content: start;
  min-height: 120px;
  padding: ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  outline: ${({ theme, $drop }) =>
    $drop === 'over'
      ? `2px solid ${theme.colors.primary}`
      : $drop === 'allowed'
        ? `2px dashed ${theme.colors.primary}`
        : 'none'};
  opacity: ${({ $drop }) => ($drop === 'refused' ? 0.55 : 1)};
  h2 {
    display: flex;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space(2)};
    margin: 0;
    font-size: 0.95rem;
  }
  ul {
    display: grid;
    gap: ${({ theme }) => theme.space(2)};
    margin: 0;
    padding: 0;
    list-style: none;
  }
`;

const Count = styled.span`
  color: ${({ theme }) => theme.colors.muted};
  font-weight: 400;
`;

const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
  font-size: 0.85rem;
`;

const Status = styled.p`
  min-height: 1.5em;
  margin: 0 0 ${({ theme }) => theme.space(2)};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
`;

/**
 * /workshop (issue 23 item 2): the board, a column per stage with the jobs in it. A card moves by dragging it to
 * another column or with its "Move to…" menu, only to the stages the contracts' rule (workshopMoveProblem, the
 * one the service enforces) allows; a move into the workshop asks where the work is done. Each move is said in
 * the status line; the service's refusal (409) is shown above the board.
 */
export function BoardPage() {
  usePageTitle('Workshop');
  const open = useJobs({ page: 1, page_size: OPEN_PAGE, stage: OPEN_STAGES.join(',') });
  const closed = useJobs({ page: 1, page_size: CLOSED_PAGE, stage: WORKSHOP_CLOSED_STAGES.join(',') });
  const move = useMoveJob();
  const [moving, setMoving] = useState<number | null>(null);
  const [said, setSaid] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [asking, setAsking] = useState<{ job: JobRow; to: WorkshopStage } | null>(null);
  const [dragged, setDragged] = useState<JobRow | null>(null);
  const [over, setOver] = useState<WorkshopStage | null>(null);

  const moved = (job: Job | JobRow) => {
    setRefusal(null);
    setSaid(`${job.reference} moved to ${WORKSHOP_STAGE_LABELS[job.stage]}.`);
  };

  async function moveTo(job: JobRow, to: WorkshopStage) {
    setRefusal(null);
    // Into the workshop the service needs to know where: the dialog asks.
    if (to === 'in_workshop') {
      setAsking({ job, to });
      return;
    }
    setMoving(job.id);
    setSaid(`Moving ${job.reference} to ${WORKSHOP_STAGE_LABELS[to]}…`);
    try {
      moved(await move.mutateAsync({ id: job.id, body: { to } }));
    } catch (error) {
      setSaid('');
      setRefusal(
        `${job.reference} was not moved: ${errorMessage(error, 'the service did not answer. Please try again.')}`,
      );
    } finally {
      setMoving(null);
    }
  }

  const rows = [...(open.data?.results ?? []), ...(closed.data?.results ?? [])];
  const byStage = (stage: WorkshopStage) => rows.filter((job) => job.stage === stage);
  const allowed = (stage: WorkshopStage) =>
    dragged ? movesOf(dragged).includes(stage) && dragged.stage !== stage : false;
  const loading = open.isPending || closed.isPending;
  const failed = open.error ?? closed.error;

  // Every column takes the drop, so a refused one can say why (the rule's words) rather than do nothing; the
  // columns the rule refuses are dimmed while a card is dragged, the allowed ones outlined.
  const dropProps = (stage: WorkshopStage) => ({
    onDragOver: (event: DragEvent) => {
      if (!dragged) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      if (over !== stage) setOver(stage);
    },
    onDragLeave: () => setOver((current) => (current === stage ? null : current)),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      const job = dragged;
      setDragged(null);
      setOver(null);
      if (!job || job.stage === stage) return;
      const problem = workshopMoveProblem(jobState(job), stage);
      if (problem) {
        setSaid('');
        setRefusal(`${job.reference} was not moved: ${problem}`);
      } else void moveTo(job, stage);
    },
  });

  return (
    <>
      <PageHeader
        title="Workshop"
        actions={
          <Actions>
            <Link to="/workshop/list">All jobs</Link>
            <Link to="/workshop/new">New job</Link>
          </Actions>
        }
      />
      <Status role="status">{said}</Status>
      {refusal ? <Alert>{refusal}</Alert> : null}
      {failed ? (
        <RetryAlert
          error={failed}
          what="Failed to load the workshop’s jobs."
          onRetry={() => {
            void open.refetch();
            void closed.refetch();
          }}
        />
      ) : null}
      {loading && !failed ? <Spinner label="Loading jobs..." /> : null}
      {!loading && !failed ? (
        <>
          {open.data && open.data.count > OPEN_PAGE ? (
            <Note>
              The board shows the first {OPEN_PAGE} of {open.data.count} open jobs:{' '}
              <Link to="/workshop/list">the list</Link> has them all.
            </Note>
          ) : null}
          <Board role="region" aria-label="Workshop board">
            {WORKSHOP_STAGES.map((stage) => {
              const jobs = byStage(stage);
              const headingId = `stage-${stage}`;
              const closedStage = WORKSHOP_CLOSED_STAGES.includes(stage);
              return (
                <Column
                  key={stage}
                  aria-labelledby={headingId}
                  $drop={!dragged ? 'none' : over === stage ? 'over' : allowed(stage) ? 'allowed' : 'refused'}
                  {...dropProps(stage)}
                >
                  <h2 id={headingId}>
                    {WORKSHOP_STAGE_LABELS[stage]}
                    <Count>
                      {jobs.length}
                      <VisuallyHidden> {jobs.length === 1 ? 'job' : 'jobs'}</VisuallyHidden>
                    </Count>
                  </h2>
                  {closedStage ? <Note>The latest; the list has the rest.</Note> : null}
                  {jobs.length > 0 ? (
                    <ul>
                      {jobs.map((job) => (
                        <li key={job.id}>
                          <JobCard
                            job={job}
                            moves={movesOf(job)}
                            busy={moving === job.id}
                            onMove={(to) => void moveTo(job, to)}
                            onDragStart={() => setDragged(job)}
                            onDragEnd={() => {
                              setDragged(null);
                              setOver(null);
                            }}
                          />
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <Note>No jobs.</Note>
                  )}
                </Column>
              );
            })}
          </Board>
        </>
      ) : null}
      {asking ? (
        <MoveDialog
          job={asking.job}
          to={asking.to}
          onClose={() => setAsking(null)}
          onMoved={(job) => {
            setAsking(null);
            moved(job);
          }}
        />
      ) : null}
    </>
  );
}
