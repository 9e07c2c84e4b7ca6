import {
  WORKSHOP_CLOSED_STAGES,
  WORKSHOP_STAGE_LABELS,
  WORKSHOP_STAGES,
  workshopNextStages,
  type WorkshopJobState,
  type WorkshopStage,
} from '@loupe/contracts';
import { formatDay, plural } from '@loupe/platform';
import type { JobRow } from '../api/jobs';

/** The stages a job is still in the shop at, in the board's order. */
export const OPEN_STAGES: readonly WorkshopStage[] = WORKSHOP_STAGES.filter(
  (stage) => !WORKSHOP_CLOSED_STAGES.includes(stage),
);

/** What the contracts' move rule needs to know of a job, from the list's row (or the job itself). */
export const jobState = (job: JobRow): WorkshopJobState => ({
  stage: job.stage,
  estimateRequired: job.estimateRequired,
  estimateLines: job.estimateLines,
  location: job.location,
  supplierId: job.supplierId,
});

/** Where a job may go now, by the one rule the service enforces too (workshopMoveProblem). */
export const movesOf = (job: JobRow): WorkshopStage[] => workshopNextStages(jobState(job));

/** A move's name as a person says it: "In the workshop" again is a change of where the work is done. */
export const moveLabel = (job: Pick<JobRow, 'stage'>, to: WorkshopStage): string =>
  job.stage === to && to === 'in_workshop' ? 'Change location…' : WORKSHOP_STAGE_LABELS[to];

/** The piece in a few words: brand and model, or the stock number of a stock item. */
export function pieceOf(job: Pick<JobRow, 'brand' | 'model' | 'stockNumber'>): string {
  const name = [job.brand, job.model].filter(Boolean).join(' ');
  if (name) return name;
  return job.stockNumber !== null ? `Stock #${job.stockNumber}` : 'Piece not described';
}

/** Whose piece it is: the client, or the shop's own stock (a pre-sale service). */
export const ownerOf = (job: Pick<JobRow, 'clientName' | 'itemId'>): string =>
  job.clientName || (job.itemId !== null ? 'Shop stock' : 'No client');

export const daysInStageText = (days: number): string =>
  days === 0 ? 'Moved here today' : `${plural(days, 'day', 'days')} in stage`;

export const promisedText = (day: string | null): string =>
  day ? `Promised ${formatDay(day)}` : 'No promised date';

/** Where a job in the workshop is: at the bench, or with a supplier. */
export function locationText(job: Pick<JobRow, 'stage' | 'location' | 'supplierName' | 'supplierReference'>) {
  if (job.stage !== 'in_workshop' || !job.location) return null;
  if (job.location === 'in_house') return 'In house';
  const reference = job.supplierReference ? ` (ref. ${job.supplierReference})` : '';
  return `Sent out to ${job.supplierName ?? 'a supplier'}${reference}`;
}
