import {
  API_BASE,
  CONDITION_GRADE_LABELS,
  endpoints,
  JOB_MAX_PHOTOS,
  JOB_PHOTO_TYPES,
  pathOf,
  WORKSHOP_LOCATION_LABELS,
  WORKSHOP_STAGE_LABELS,
  type WorkshopStage,
} from '@loupe/contracts';
import {
  Alert,
  Button,
  Card,
  type DataColumn,
  DataTable,
  errorMessage,
  formatDay,
  formatMoment,
  formatMoney,
  RecordPending,
  Spinner,
  usePageTitle,
  useQueryClient,
  useRecordId,
  useRecordMessage,
  VisuallyHidden,
} from '@loupe/platform';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { jobKeys, uploadJobPhoto, useJob, type Job } from '../api/jobs';
import { photoProblem } from '../lib/intake';
import { daysInStageText, locationText, movesOf, ownerOf, pieceOf } from '../lib/jobs';
import { EstimateEditor } from './estimate-editor';
import { Badge } from './job-card';
import { JobMoneyCard } from './job-money';
import { MoveDialog } from './move-dialog';
import { PromiseForm } from './promise-form';

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(5)};
  h1 {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    margin: 0;
    font-size: 1.5rem;
  }
  h1:focus {
    outline: none;
  }
`;

const SectionTitle = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  font-size: 1.15rem;
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(120px, max-content) 1fr;
  gap: ${({ theme }) => `${theme.space(1)} ${theme.space(4)}`};
  margin: 0;
  dt {
    color: ${({ theme }) => theme.colors.muted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
    white-space: pre-line;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-template-columns: 1fr;
    dd {
      margin-bottom: ${({ theme }) => theme.space(2)};
    }
  }
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
`;

const Moves = styled(Buttons)`
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

const Papers = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(4)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const PhotoGrid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(120px, 1fr));
  gap: ${({ theme }) => theme.space(2)};
  margin: 0 0 ${({ theme }) => theme.space(3)};
  padding: 0;
  list-style: none;
  img {
    display: block;
    width: 100%;
    aspect-ratio: 1;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radius};
  }
`;

const Note = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.muted};
`;

type StageEvent = Job['events'][number];

const HISTORY_COLUMNS: readonly DataColumn<StageEvent>[] = [
  {
    key: 'at',
    header: 'When',
    noWrap: true,
    cell: (event) => <time dateTime={event.at}>{formatMoment(event.at)}</time>,
  },
  {
    key: 'stage',
    header: 'Stage',
    rowHeader: true,
    wrap: { minCh: 14, maxCh: 30 },
    cell: (event) =>
      event.from === null
        ? `Received`
        : event.from === event.to
          ? `${WORKSHOP_STAGE_LABELS[event.to]} (moved)`
          : `${WORKSHOP_STAGE_LABELS[event.from]} → ${WORKSHOP_STAGE_LABELS[event.to]}`,
  },
  {
    key: 'where',
    header: 'Where',
    wrap: { minCh: 10, maxCh: 24 },
    cell: (event) =>
      event.location === 'sent_out'
        ? `Sent out to ${event.supplierName ?? 'a supplier'}`
        : event.location
          ? WORKSHOP_LOCATION_LABELS[event.location]
          : '—',
  },
  { key: 'by', header: 'By', cell: (event) => event.by ?? '—' },
  { key: 'note', header: 'Note', wrap: { minCh: 12, maxCh: 40 }, cell: (event) => event.note || '—' },
];

const pdfUrl = (endpoint: { path: string }, id: number) => `${API_BASE}${pathOf(endpoint, { id })}`;
const photoUrl = (id: number, photoId: number) =>
  `${API_BASE}${pathOf(endpoints.workshop.photo, { id, photoId })}`;

/** A paper the service prints, opened in a new tab (a real link: the keyboard and "Save link as" know it). */
function Paper({ href, children }: { href: string; children: ReactNode }) {
  return (
    <li>
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
        <VisuallyHidden> (PDF, opens in a new tab)</VisuallyHidden>
      </a>
    </li>
  );
}

/**
 * /workshop/jobs/:id (issue 23 items 1–3): a job whole — what the piece is and whose, the intake, where it is and
 * for how long, its papers (intake receipt, estimate, bag label), its photos, its estimate (editable while the
 * contracts' rule allows) and the stages it went through with who and when. It moves to the stages the contracts'
 * rule allows, each through a dialog that takes a note for the history (and, into the workshop, where).
 */
export function JobPage() {
  const id = useRecordId();
  const job = useJob(id);
  const data = job.data;
  usePageTitle(data ? `Job ${data.reference}` : 'Job');
  const queryClient = useQueryClient();
  // Just taken in (router state `created`: its number, and any photo it could not attach) or moved: the heading
  // takes the focus, and the message is read from there.
  const { heading, message, say, show } = useRecordMessage(data);
  const [moving, setMoving] = useState<WorkshopStage | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [photoInput, setPhotoInput] = useState(0);

  const update = (saved: Job) => queryClient.setQueryData(jobKeys.detail(saved.id), saved);

  async function addPhoto(file: File | undefined) {
    setPhotoInput((n) => n + 1);
    if (!file || !data) return;
    const problem = photoProblem(file);
    if (problem) {
      setPhotoError(problem);
      return;
    }
    setPhotoError(null);
    setUploading(true);
    try {
      update(await uploadJobPhoto(data.id, file));
      show(`Photo ${file.name} added.`);
    } catch (error) {
      setPhotoError(`${file.name}: ${errorMessage(error, 'the upload failed. Please try again.')}`);
    } finally {
      setUploading(false);
    }
  }

  if (!data) {
    return (
      <>
        <Header>
          <h1>Job</h1>
        </Header>
        <RecordPending
          id={id}
          query={job}
          notFound={
            <>
              No such job in this shop. <Link to="/workshop">Back to the board</Link>
            </>
          }
          failed="Failed to load the job."
          loading="Loading the job..."
        />
      </>
    );
  }

  const moves = movesOf(data);
  const where = locationText(data);

  return (
    <>
      <Header>
        <h1 ref={heading} tabIndex={-1}>
          Job {data.reference}
          {data.rush ? <Badge $tone="warning">Rush</Badge> : null}
          {data.overdue ? <Badge $tone="danger">Overdue</Badge> : null}
        </h1>
        <Buttons>
          <Link to="/workshop">Board</Link>
          <Link to="/workshop/list">All jobs</Link>
        </Buttons>
      </Header>
      {message ? <Alert tone="success">{message}</Alert> : null}

      <Card aria-labelledby="job-stage">
        <SectionTitle id="job-stage">{WORKSHOP_STAGE_LABELS[data.stage]}</SectionTitle>
        <Note>
          {daysInStageText(data.daysInStage)}
          {where ? ` · ${where}` : ''}
          {data.stage === 'in_workshop' && data.expectedReturn
            ? ` · expected back ${formatDay(data.expectedReturn)}`
            : ''}
        </Note>
        {moves.length > 0 ? (
          <Moves role="group" aria-label="Move the job">
            {moves.map((to) => (
              <Button key={to} variant="secondary" onClick={() => setMoving(to)}>
                {to === data.stage ? 'Change location' : `Move to ${WORKSHOP_STAGE_LABELS[to]}`}
              </Button>
            ))}
          </Moves>
        ) : (
          <Note>This job is closed.</Note>
        )}
        <PromiseForm key={data.id} job={data} onSaved={update} />
      </Card>

      <Card aria-labelledby="job-facts">
        <SectionTitle id="job-facts">The piece</SectionTitle>
        <Facts>
          <dt>Client</dt>
          <dd>
            {data.clientId !== null ? (
              <Link to={`/clients/edit/${data.clientId}`}>{ownerOf(data)}</Link>
            ) : (
              ownerOf(data)
            )}
          </dd>
          <dt>Piece</dt>
          <dd>{pieceOf(data)}</dd>
          {data.makerReference ? (
            <>
              <dt>Reference</dt>
              <dd>{data.makerReference}</dd>
            </>
          ) : null}
          {data.serial ? (
            <>
              <dt>Serial</dt>
              <dd>{data.serial}</dd>
            </>
          ) : null}
          {data.stockNumber !== null ? (
            <>
              <dt>Stock item</dt>
              <dd>#{data.stockNumber} (pre-sale service)</dd>
            </>
          ) : null}
          <dt>Condition</dt>
          <dd>
            {[
              data.conditionGrade ? CONDITION_GRADE_LABELS[data.conditionGrade] : null,
              data.conditionNotes || null,
            ]
              .filter(Boolean)
              .join('. ') || '—'}
          </dd>
          <dt>Declared value</dt>
          <dd>{data.declaredValueGbp === null ? '—' : formatMoney(data.declaredValueGbp)}</dd>
          <dt>Reported fault</dt>
          <dd>{data.reportedFault}</dd>
          <dt>Requested work</dt>
          <dd>{data.requestedWork || '—'}</dd>
          <dt>Accessories</dt>
          <dd>{data.accessories || 'None'}</dd>
          <dt>Received</dt>
          <dd>
            {formatDay(data.receivedOn)}
            {data.createdBy ? ` by ${data.createdBy}` : ''}
          </dd>
          <dt>Promised</dt>
          <dd>{data.promisedDate ? formatDay(data.promisedDate) : '—'}</dd>
          <dt>Estimate</dt>
          <dd>{data.estimateRequired ? 'Required before any work' : 'Not required'}</dd>
          {data.notes ? (
            <>
              <dt>Notes</dt>
              <dd>{data.notes}</dd>
            </>
          ) : null}
        </Facts>
      </Card>

      <Card aria-labelledby="job-papers">
        <SectionTitle id="job-papers">Papers</SectionTitle>
        <Papers>
          <Paper href={pdfUrl(endpoints.workshop.receiptPdf, data.id)}>Intake receipt</Paper>
          {data.estimate.lines.length > 0 ? (
            <Paper href={pdfUrl(endpoints.workshop.estimatePdf, data.id)}>Estimate</Paper>
          ) : null}
          <Paper href={pdfUrl(endpoints.workshop.labelPdf, data.id)}>Bag label</Paper>
        </Papers>
      </Card>

      <Card aria-labelledby="job-estimate">
        <SectionTitle id="job-estimate">Estimate</SectionTitle>
        <EstimateEditor job={data} onSaved={update} />
      </Card>

      <Card aria-labelledby="job-money">
        <SectionTitle id="job-money">Money</SectionTitle>
        <JobMoneyCard job={data} onDone={say} />
      </Card>

      <Card aria-labelledby="job-photos">
        <SectionTitle id="job-photos">Photos</SectionTitle>
        {data.photos.length > 0 ? (
          <PhotoGrid>
            {data.photos.map((photo, index) => (
              <li key={photo.id}>
                <a href={photoUrl(data.id, photo.id)} target="_blank" rel="noopener noreferrer">
                  <img
                    src={photoUrl(data.id, photo.id)}
                    alt={`${photo.name} (${index + 1} of ${data.photos.length})`}
                    loading="lazy"
                  />
                </a>
              </li>
            ))}
          </PhotoGrid>
        ) : (
          <Note>No photos yet.</Note>
        )}
        {data.photos.length < JOB_MAX_PHOTOS ? (
          <>
            <label htmlFor="job-photo">Add a photo</label>{' '}
            <input
              key={photoInput}
              id="job-photo"
              type="file"
              accept={JOB_PHOTO_TYPES.join(',')}
              disabled={uploading}
              aria-describedby={photoError ? 'job-photo-error' : undefined}
              onChange={(event) => void addPhoto(event.target.files?.[0])}
            />
            {uploading ? <Spinner label="Uploading the photo..." size={16} /> : null}
            {photoError ? (
              <p id="job-photo-error" role="alert">
                {photoError}
              </p>
            ) : null}
          </>
        ) : null}
      </Card>

      <Card aria-labelledby="job-history">
        <SectionTitle id="job-history">History</SectionTitle>
        <DataTable
          caption="Stage history"
          compact
          columns={HISTORY_COLUMNS}
          rows={data.events}
          rowKey={(event) => event.id}
        />
      </Card>

      {moving ? (
        <MoveDialog
          job={data}
          to={moving}
          onClose={() => setMoving(null)}
          onMoved={(saved) => {
            setMoving(null);
            update(saved);
            say(`Moved to ${WORKSHOP_STAGE_LABELS[saved.stage]}.`);
          }}
        />
      ) : null}
    </>
  );
}
