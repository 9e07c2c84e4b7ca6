import { Type, type Static } from '@sinclair/typebox';
import { Choice, ChoiceList, DateString, DecimalInput, ListOf, Nullable, PagingQuery, Text } from './common';
import { CONDITION_GRADES } from './item-attributes';
import {
  ESTIMATE_LINE_KINDS,
  ESTIMATE_MAX_LINES,
  WORKSHOP_LOCATIONS,
  WORKSHOP_STAGES,
} from './workshop-messages';

/*
 * The workshop — repair and service jobs (issue 23, items 1 and 2). Endpoints: `endpoints.workshop`
 * (endpoints.ts); the server's `workshop` module owns them; stages and rules: workshop-messages.ts.
 *
 * A JOB is one piece taken in for repair or service: a client's own piece (clientId) or a stock item of the shop
 * (itemId: a pre-sale service; clientId may then be null). Numbered gap-free per shop ('JOB-000042'). Its
 * intake records what the piece is (brand, model, reference, serial), its condition (grade, notes, photos), the
 * value the client declares, the fault they report, the work they ask for and the accessories handed over. A
 * promised date and a rush flag; `estimateRequired` (default true): the client approves a price before work.
 *
 * The ESTIMATE is lines of labour and parts, each amount the price the client pays INCLUDING VAT at the standard
 * rate (20%): the VAT in it is 1/6 (the VAT fraction, HMRC Notice 700 §8.3: repairs and the parts fitted are a
 * standard-rated supply of services and goods). It may change only while the job is received or assessing.
 *
 * STAGES move by `POST …/stage/` (StageMoveInput), each checked by workshopMoveProblem (409 with its message),
 * recorded with who and when; 'in_workshop' carries the location (in house, or sent out to a supplier — a client
 * record — with the supplier's reference and expected return). Summaries carry `daysInStage` and `overdue`.
 */

export const WorkshopStageSchema = Choice(WORKSHOP_STAGES);
export const WorkshopLocationSchema = Choice(WORKSHOP_LOCATIONS);
const ClientRef = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** `POST /api/workshop/jobs/` → 201 JobDetail. 400 field errors keyed by these names. */
export const JobInput = Type.Object(
  {
    /** The client whose piece it is; optional only for a stock item (pre-sale service). */
    clientId: Type.Optional(Nullable(ClientRef)),
    /** A stock item of the shop being serviced before sale. */
    itemId: Type.Optional(Nullable(ClientRef)),
    brand: Type.Optional(Text({ maxLength: 60 })),
    model: Type.Optional(Text({ maxLength: 60 })),
    /** The maker's reference (e.g. 126610LN); `reference` is the job's number. */
    makerReference: Type.Optional(Text({ maxLength: 60 })),
    serial: Type.Optional(Text({ maxLength: 100 })),
    conditionGrade: Type.Optional(Nullable(Choice(CONDITION_GRADES))),
    /** Marks, scratches, what does not work: as seen at the counter. */
    conditionNotes: Type.Optional(Text({ maxLength: 2000, multiline: true })),
    /** The value the client declares (GBP), for insurance while the piece is in the shop's care. */
    declaredValue: Type.Optional(Nullable(DecimalInput)),
    /** What the client reports (required). */
    reportedFault: Text({ maxLength: 2000, multiline: true }),
    /** What they ask for: a service, a new crystal … */
    requestedWork: Type.Optional(Text({ maxLength: 2000, multiline: true })),
    /** What was handed over with the piece: box, papers, links, strap … */
    accessories: Type.Optional(Text({ maxLength: 500, multiline: true })),
    /** Not before today. */
    promisedDate: Type.Optional(Nullable(DateString)),
    rush: Type.Optional(Type.Boolean()),
    /** Default true: the client approves an estimate before any work. */
    estimateRequired: Type.Optional(Type.Boolean()),
    /** A deposit asked at intake (GBP, taken through the sales workflow). */
    depositRequested: Type.Optional(Nullable(DecimalInput)),
    notes: Type.Optional(Text({ maxLength: 2000, multiline: true })),
  },
  { additionalProperties: false },
);
export type JobInput = Static<typeof JobInput>;

/** `PUT /api/workshop/jobs/{id}/`: the promised date and the rush flag (each optional; sent: changed). */
export const JobUpdate = Type.Object(
  {
    promisedDate: Type.Optional(Nullable(DateString)),
    rush: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type JobUpdate = Static<typeof JobUpdate>;

/** One estimate line: `amount` the price to the client in pounds INCLUDING VAT (> 0). */
export const EstimateLineInput = Type.Object(
  {
    kind: Choice(ESTIMATE_LINE_KINDS),
    description: Text({ minLength: 1, maxLength: 200 }),
    amount: DecimalInput,
  },
  { additionalProperties: false },
);
export type EstimateLineInput = Static<typeof EstimateLineInput>;

/** `PUT /api/workshop/jobs/{id}/estimate/`: replaces the lines (and the deposit asked, when sent). */
export const EstimateSetInput = Type.Object(
  {
    lines: Type.Array(EstimateLineInput, { maxItems: ESTIMATE_MAX_LINES }),
    depositRequested: Type.Optional(Nullable(DecimalInput)),
  },
  { additionalProperties: false },
);
export type EstimateSetInput = Static<typeof EstimateSetInput>;

/**
 * `POST /api/workshop/jobs/{id}/stage/` → JobDetail; 409 `{detail}` with workshopMoveProblem's message.
 * To 'in_workshop': location required; 'sent_out' needs supplierId (a client), optional supplierReference and
 * expectedReturn.
 */
export const StageMoveInput = Type.Object(
  {
    to: WorkshopStageSchema,
    note: Type.Optional(Text({ maxLength: 500, multiline: true })),
    location: Type.Optional(Nullable(WorkshopLocationSchema)),
    supplierId: Type.Optional(Nullable(ClientRef)),
    supplierReference: Type.Optional(Text({ maxLength: 100 })),
    expectedReturn: Type.Optional(Nullable(DateString)),
  },
  { additionalProperties: false },
);
export type StageMoveInput = Static<typeof StageMoveInput>;

export const EstimateLine = Type.Object({
  id: Type.Integer(),
  kind: Choice(ESTIMATE_LINE_KINDS),
  description: Type.String(),
  /** The price to the client, VAT included. */
  amountGbp: Type.Number(),
  /** The VAT within it (1/6, to the penny). */
  vatGbp: Type.Number(),
  netGbp: Type.Number(),
});
export type EstimateLine = Static<typeof EstimateLine>;

export const JobEstimate = Type.Object({
  lines: Type.Array(EstimateLine),
  labourGbp: Type.Number(),
  partsGbp: Type.Number(),
  netGbp: Type.Number(),
  vatGbp: Type.Number(),
  totalGbp: Type.Number(),
});
export type JobEstimate = Static<typeof JobEstimate>;

export const JobPhoto = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  contentType: Type.String(),
  size: Type.Integer(),
  /** Download: `GET /api/workshop/jobs/{id}/photos/{photoId}/`. */
  uploadedAt: Type.String(),
});
export type JobPhoto = Static<typeof JobPhoto>;

export const JobStageEvent = Type.Object({
  id: Type.Integer(),
  /** Null on the first event (the intake). */
  from: Nullable(WorkshopStageSchema),
  to: WorkshopStageSchema,
  location: Nullable(WorkshopLocationSchema),
  supplierName: Nullable(Type.String()),
  note: Type.String(),
  by: Nullable(Type.String()),
  at: Type.String(),
});
export type JobStageEvent = Static<typeof JobStageEvent>;

/** A job as the list and the board show it. */
export const JobSummary = Type.Object({
  id: Type.Integer(),
  number: Type.Integer(),
  /** 'JOB-000042'. */
  reference: Type.String(),
  clientId: Nullable(Type.Integer()),
  clientName: Type.String(),
  itemId: Nullable(Type.Integer()),
  stockNumber: Nullable(Type.Integer()),
  brand: Type.String(),
  model: Type.String(),
  makerReference: Type.String(),
  serial: Type.String(),
  reportedFault: Type.String(),
  stage: WorkshopStageSchema,
  /** When it moved to its stage (ISO 8601). */
  stageSince: Type.String(),
  daysInStage: Type.Integer(),
  receivedOn: DateString,
  promisedDate: Nullable(DateString),
  overdue: Type.Boolean(),
  rush: Type.Boolean(),
  estimateRequired: Type.Boolean(),
  location: Nullable(WorkshopLocationSchema),
  supplierId: Nullable(Type.Integer()),
  supplierName: Nullable(Type.String()),
  supplierReference: Type.String(),
  expectedReturn: Nullable(DateString),
  estimateTotalGbp: Type.Number(),
  estimateLines: Type.Integer(),
  createdAt: Type.String(),
});
export type JobSummary = Static<typeof JobSummary>;
export const JobList = ListOf(JobSummary);
export type JobList = Static<typeof JobList>;

/** One job whole: the intake, the estimate, the photos and the stage history (oldest first). */
export const JobDetail = Type.Object({
  ...JobSummary.properties,
  conditionGrade: Nullable(Choice(CONDITION_GRADES)),
  conditionNotes: Type.String(),
  declaredValueGbp: Nullable(Type.Number()),
  requestedWork: Type.String(),
  accessories: Type.String(),
  depositRequestedGbp: Nullable(Type.Number()),
  notes: Type.String(),
  createdBy: Nullable(Type.String()),
  estimate: JobEstimate,
  photos: Type.Array(JobPhoto),
  events: Type.Array(JobStageEvent),
  /** The stages it may move to now (workshopNextStages). */
  nextStages: Type.Array(WorkshopStageSchema),
});
export type JobDetail = Static<typeof JobDetail>;

/**
 * `GET /api/workshop/jobs/`: open jobs first by promised date (rush first), then the rest newest first.
 * stage: a comma list; rush, overdue: booleans; q: the job number, client, brand, model, serial or reference;
 * supplier: the supplier's client id (jobs sent out to them).
 */
export const JobQuery = Type.Object(
  {
    ...PagingQuery,
    stage: Type.Optional(ChoiceList(WORKSHOP_STAGES)),
    rush: Type.Optional(Type.Boolean()),
    overdue: Type.Optional(Type.Boolean()),
    q: Type.Optional(Text({ maxLength: 100 })),
    supplier: Type.Optional(ClientRef),
  },
  { additionalProperties: false },
);
export type JobQuery = Static<typeof JobQuery>;
