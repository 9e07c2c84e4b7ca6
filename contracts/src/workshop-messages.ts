// The workshop's values, words and rules (issue 23, items 1 and 2) that both the server and the board use: the
// stages, which stage may follow which, and `workshopMoveProblem` — ONE rule with two callers (the server refuses
// a move with its message as a 409; the board refuses the drop before sending it). No TypeBox here: the browser
// entry (browser.ts) re-exports this file as values.

/** A job's stages, in the order the board shows them. */
export const WORKSHOP_STAGES = [
  'received',
  'assessing',
  'estimate_sent',
  'approved',
  'declined',
  'in_workshop',
  'quality_check',
  'ready',
  'collected',
  'returned_unrepaired',
] as const;
export type WorkshopStage = (typeof WORKSHOP_STAGES)[number];

export const WORKSHOP_STAGE_LABELS: Readonly<Record<WorkshopStage, string>> = {
  received: 'Received',
  assessing: 'Assessing',
  estimate_sent: 'Estimate sent',
  approved: 'Approved',
  declined: 'Declined',
  in_workshop: 'In the workshop',
  quality_check: 'Quality check',
  ready: 'Ready for collection',
  collected: 'Collected',
  returned_unrepaired: 'Returned unrepaired',
};

/** The stages a job ends in: the piece has left the shop. Nothing follows them. */
export const WORKSHOP_CLOSED_STAGES: readonly WorkshopStage[] = ['collected', 'returned_unrepaired'];

/** The stages in which a job's promise is kept or over: the piece is ready, or has left. Never overdue. */
export const WORKSHOP_DONE_STAGES: readonly WorkshopStage[] = ['ready', ...WORKSHOP_CLOSED_STAGES];

/** Where the work of a job 'in_workshop' is done: at the shop's bench, or sent out to a supplier. */
export const WORKSHOP_LOCATIONS = ['in_house', 'sent_out'] as const;
export type WorkshopLocation = (typeof WORKSHOP_LOCATIONS)[number];
export const WORKSHOP_LOCATION_LABELS: Readonly<Record<WorkshopLocation, string>> = {
  in_house: 'In house',
  sent_out: 'Sent out',
};

/** An estimate's line: the work (labour) or what is fitted (parts). Both standard-rated for VAT. */
export const ESTIMATE_LINE_KINDS = ['labour', 'parts'] as const;
export type EstimateLineKind = (typeof ESTIMATE_LINE_KINDS)[number];
export const ESTIMATE_LINE_KIND_LABELS: Readonly<Record<EstimateLineKind, string>> = {
  labour: 'Labour',
  parts: 'Parts',
};
export const ESTIMATE_MAX_LINES = 30;

/** The job number's prefix: 'JOB-000042' (gap-free per shop). */
export const JOB_NUMBER_PREFIX = 'JOB-';
export const jobReference = (number: number): string =>
  `${JOB_NUMBER_PREFIX}${String(number).padStart(6, '0')}`;

/** Photos of a piece's condition at intake: images as item photos. */
export const JOB_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const JOB_MAX_PHOTOS = 12;

/**
 * Which stage may follow which (the board's arrows; `workshopMoveProblem` adds the rules that depend on the job).
 * 'in_workshop' → 'in_workshop' is a change of location (brought back in house, or sent out to a supplier).
 * 'received' and 'assessing' → 'in_workshop' only for a job that needs no estimate.
 */
export const WORKSHOP_TRANSITIONS: Readonly<Record<WorkshopStage, readonly WorkshopStage[]>> = {
  received: ['assessing', 'in_workshop', 'returned_unrepaired'],
  assessing: ['estimate_sent', 'in_workshop', 'returned_unrepaired'],
  estimate_sent: ['approved', 'declined'],
  approved: ['in_workshop'],
  declined: ['returned_unrepaired'],
  in_workshop: ['in_workshop', 'quality_check'],
  quality_check: ['ready', 'in_workshop'],
  ready: ['collected'],
  collected: [],
  returned_unrepaired: [],
};

// ---------------------------------------------------------------- refusals (409, the board says the same)
export const WORKSHOP_ALREADY_THERE = (stage: WorkshopStage) =>
  `The job is already at "${WORKSHOP_STAGE_LABELS[stage]}".`;
export const WORKSHOP_CLOSED = (stage: WorkshopStage) =>
  `This job is closed (${WORKSHOP_STAGE_LABELS[stage]}): it cannot move any more.`;
export const WORKSHOP_NOT_READY = 'A piece can be collected only once it is ready for collection.';
export const WORKSHOP_NOT_APPROVED =
  'This job needs an estimate approved by the client before the work starts.';
export const WORKSHOP_DECLINED_ONLY_RETURN =
  'The client declined the estimate: the piece can only be returned unrepaired.';
export const WORKSHOP_AFTER_QUALITY_CHECK =
  'After the quality check a job is ready for collection or goes back to the workshop.';
export const WORKSHOP_RETURN_WHEN =
  'A piece can be returned unrepaired only while received, being assessed or after a declined estimate.';
export const WORKSHOP_NO_ESTIMATE = 'Add the estimate\u2019s lines before sending it.';
export const WORKSHOP_ESTIMATE_NOT_REQUIRED = 'This job needs no estimate: move it to the workshop.';
export const WORKSHOP_LOCATION_NEEDED = 'Say where the work is done: in house or sent out to a supplier.';
export const WORKSHOP_SUPPLIER_NEEDED = 'Name the supplier the piece is sent out to.';
export const WORKSHOP_SAME_LOCATION = 'The piece is already there.';
export const WORKSHOP_MOVE_NOT_ALLOWED = (from: WorkshopStage, to: WorkshopStage) =>
  `A job cannot move from "${WORKSHOP_STAGE_LABELS[from]}" to "${WORKSHOP_STAGE_LABELS[to]}".`;
/** The estimate is fixed once sent: the client approves what was sent. */
export const WORKSHOP_ESTIMATE_LOCKED = 'The estimate can be changed only before it is sent to the client.';
export const WORKSHOP_LINES_LOCKED = 'This job is closed: its lines can no longer change.';
export const WORKSHOP_SUPPLIER_UNKNOWN = 'No client with this id.';
export const WORKSHOP_CLIENT_UNKNOWN = 'No client with this id.';
export const WORKSHOP_ITEM_UNKNOWN = 'No stock item with this id.';
export const WORKSHOP_PROMISED_PAST = 'The promised date cannot be before the day the piece was received.';
export const WORKSHOP_PHOTO_TYPE = 'A photo must be a JPEG, PNG or WebP image.';
export const WORKSHOP_TOO_MANY_PHOTOS = `A job keeps at most ${JOB_MAX_PHOTOS} photos.`;

/** What the rule needs to know of a job. */
export interface WorkshopJobState {
  stage: WorkshopStage;
  /** The client wants a price first: no work before they approve it. */
  estimateRequired: boolean;
  /** How many lines the estimate has (absent: not checked — the board may not know). */
  estimateLines?: number;
  /** Where a job in the workshop is now (null or absent otherwise). */
  location?: WorkshopLocation | null;
  supplierId?: number | null;
}

/** A move with its location: what the server checks. */
export interface WorkshopMoveTarget {
  stage: WorkshopStage;
  location?: WorkshopLocation | null;
  /** The supplier (a client record) a piece sent out goes to. */
  supplierId?: number | null;
}

/**
 * Why a job may not move to `to`, or null when it may. `to` as a bare stage checks the stage rules only (the
 * board, before it asks where the work is done); as a WorkshopMoveTarget it checks the location too (the server,
 * always). The rules:
 *  - a closed job (collected, returned unrepaired) moves no more;
 *  - no collection before the piece is ready;
 *  - when an estimate is required, no work (in_workshop) before the client approved it; when none is, no
 *    estimate is sent;
 *  - a declined estimate ends only with the piece returned unrepaired;
 *  - after the quality check: ready, or back to the workshop;
 *  - only a received, assessing or declined job may end returned unrepaired;
 *  - in_workshop needs a location: in house, or sent out to a supplier (a client record);
 *  - otherwise WORKSHOP_TRANSITIONS.
 */
export function workshopMoveProblem(
  job: WorkshopJobState,
  to: WorkshopStage | WorkshopMoveTarget,
): string | null {
  const target: WorkshopMoveTarget = typeof to === 'string' ? { stage: to } : to;
  const withLocation = typeof to !== 'string';
  const from = job.stage;
  const stage = target.stage;
  if (WORKSHOP_CLOSED_STAGES.includes(from)) return WORKSHOP_CLOSED(from);
  if (stage === 'collected' && from !== 'ready') return WORKSHOP_NOT_READY;
  if (from === 'declined' && stage !== 'returned_unrepaired') return WORKSHOP_DECLINED_ONLY_RETURN;
  if (from === 'quality_check' && stage !== 'ready' && stage !== 'in_workshop')
    return WORKSHOP_AFTER_QUALITY_CHECK;
  if (stage === 'returned_unrepaired' && !WORKSHOP_TRANSITIONS[from].includes(stage))
    return WORKSHOP_RETURN_WHEN;
  if (stage === 'in_workshop' && job.estimateRequired && (from === 'received' || from === 'assessing'))
    return WORKSHOP_NOT_APPROVED;
  if (stage === 'in_workshop' && from === 'estimate_sent') return WORKSHOP_NOT_APPROVED;
  if (stage === 'estimate_sent' && !job.estimateRequired) return WORKSHOP_ESTIMATE_NOT_REQUIRED;
  if (stage === 'estimate_sent' && job.estimateLines !== undefined && job.estimateLines === 0)
    return WORKSHOP_NO_ESTIMATE;
  if (stage === from && stage !== 'in_workshop') return WORKSHOP_ALREADY_THERE(stage);
  if (!WORKSHOP_TRANSITIONS[from].includes(stage)) return WORKSHOP_MOVE_NOT_ALLOWED(from, stage);
  if (stage === 'in_workshop' && withLocation) {
    if (target.location !== 'in_house' && target.location !== 'sent_out') return WORKSHOP_LOCATION_NEEDED;
    if (target.location === 'sent_out' && !target.supplierId) return WORKSHOP_SUPPLIER_NEEDED;
    if (
      from === 'in_workshop' &&
      target.location === (job.location ?? null) &&
      (target.location === 'in_house' || target.supplierId === (job.supplierId ?? null))
    )
      return WORKSHOP_SAME_LOCATION;
  }
  return null;
}

/** The stages a job may move to now (the board's drop targets and the job page's buttons). */
export const workshopNextStages = (job: WorkshopJobState): WorkshopStage[] =>
  WORKSHOP_STAGES.filter((s) => workshopMoveProblem(job, s) === null);

/** Whole days from `since` to `today` (both 'YYYY-MM-DD', calendar days in the shop's time zone), never below 0. */
export function daysBetween(since: string, today: string): number {
  const ms = Date.parse(`${today}T00:00:00Z`) - Date.parse(`${since}T00:00:00Z`);
  return Number.isFinite(ms) ? Math.max(0, Math.round(ms / 86_400_000)) : 0;
}

/** Days the job has spent in its current stage: `stageSinceDay` is the shop's day it moved there. */
export const daysInStage = (job: { stageSinceDay: string }, today: string): number =>
  daysBetween(job.stageSinceDay, today);

/**
 * Overdue: a promised date before today while the piece is not yet ready (a ready, collected or returned piece
 * kept its promise, or the job is over). No promised date: never overdue.
 */
export function isJobOverdue(
  job: { stage: WorkshopStage; promisedDate: string | null },
  today: string,
): boolean {
  if (job.promisedDate === null) return false;
  if (WORKSHOP_DONE_STAGES.includes(job.stage)) return false;
  return job.promisedDate < today;
}

/**
 * Why the estimate's lines may not change now, or null. An estimate the client is asked to approve is fixed
 * once sent (they approve what they were sent); a job without one keeps its lines open (the invoice's) until it
 * is closed.
 */
export function estimateEditProblem(job: { stage: WorkshopStage; estimateRequired: boolean }): string | null {
  if (WORKSHOP_CLOSED_STAGES.includes(job.stage)) return WORKSHOP_LINES_LOCKED;
  if (job.estimateRequired && job.stage !== 'received' && job.stage !== 'assessing')
    return WORKSHOP_ESTIMATE_LOCKED;
  return null;
}
