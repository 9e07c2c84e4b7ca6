import type { FastifyRequest } from 'fastify';
import {
  JOB_MAX_PHOTOS,
  JOB_PHOTO_TYPES,
  NOT_NEGATIVE,
  POSITIVE,
  WORKSHOP_CLIENT_UNKNOWN,
  WORKSHOP_ITEM_UNKNOWN,
  WORKSHOP_PHOTO_TYPE,
  WORKSHOP_PROMISED_PAST,
  WORKSHOP_STAGES,
  WORKSHOP_SUPPLIER_UNKNOWN,
  WORKSHOP_TOO_MANY_PHOTOS,
  ITEM_IMAGE_MAX_BYTES,
  daysInStage,
  estimateEditProblem,
  isJobOverdue,
  jobReference,
  workshopMoveProblem,
  workshopNextStages,
  type EstimateSetInput,
  type JobDetail,
  type JobInput,
  type JobQuery,
  type JobSummary,
  type JobUpdate,
  type StageMoveInput,
  type WorkshopLocation,
  type WorkshopStage,
} from '@loupe/contracts';
import type { Config } from '../../config';
import { fileKeyFor } from '../../config';
import type { Db, Queryable } from '../../db/database';
import { FileStore, NO_FILE, type UploadRules } from '../../kernel/file-storage';
import { sniffImage } from '../../kernel/file-types';
import { isNumericOutOfRange } from '../../kernel/db-errors';
import { ApiError, BLANK, REQUIRED, TOO_LARGE, conflict, notFound } from '../../kernel/http-errors';
import { AMOUNT_RULE, penceOf, poundsOf } from '../../kernel/money';
import type { ShopCaller } from '../../kernel/shop-scope';
import { ErrorBag, dateField, decimalField, pageOf, pagingOf } from '../../kernel/validation';
import type { AuditRepository } from '../audit';
import type { WorkshopContext, WorkshopRepos } from './deps';
import type { WorkshopMoneyRepository } from './money-repository';
import { collectionRefusal } from './money-rules';
import { WorkshopRepository, type JobRow, type JobShop, type NewEstimateLine } from './workshop-repository';

// ---------------------------------------------------------------- stage changes, for other parts of the workshop

/** One stage move, as committed: what the after-commit listeners are told. */
export interface JobStageChange {
  shopId: number;
  jobId: number;
  number: number;
  /** 'JOB-000042'. */
  reference: string;
  clientId: number | null;
  itemId: number | null;
  from: WorkshopStage;
  to: WorkshopStage;
  location: WorkshopLocation | null;
  supplierId: number | null;
  note: string;
  /** Null when nobody of the staff moved it (the client's approval link). */
  userId: number | null;
  at: Date;
}

/** What a listener is given besides the change: the database and the configuration (build your own repository). */
export interface JobStageHookContext {
  db: Db;
  config: Config;
  now: () => Date;
}

export type JobStageListener = (change: JobStageChange, ctx: JobStageHookContext) => Promise<void> | void;

/**
 * Listeners told of every stage move AFTER its transaction committed (the mail part registers its "estimate
 * ready" and "ready for collection" messages here, at import time). A plain list: push to it. A listener's
 * failure is logged and never undoes the move (it is committed); each listener keeps its own record of what it
 * did (the mail outbox).
 */
export const onJobStageChanged: JobStageListener[] = [];

/** Something that logs a listener's failure (the request's logger). */
export interface HookLog {
  error: (details: object, message: string) => void;
}

/**
 * Tells the listeners of moves that committed. Whoever calls moveJobStage inside their own transaction calls
 * this after it commits, with the changes it returned.
 */
export async function notifyJobStageChanged(
  ctx: JobStageHookContext,
  changes: readonly JobStageChange[],
  log?: HookLog,
): Promise<void> {
  for (const change of changes) {
    for (const listener of onJobStageChanged) {
      try {
        await listener(change, ctx);
      } catch (error) {
        log?.error({ err: error, jobId: change.jobId, to: change.to }, 'a workshop stage listener failed');
      }
    }
  }
}

/**
 * Moves a job to another stage inside the caller's transaction (`repos` bound to it): the job's row locked (so
 * moves of one job queue, and each is checked against the stage the previous one left), the move checked by
 * the contracts' workshopMoveProblem — the rule the board uses — refused with its message (409), recorded with
 * who and when (job_stage_events) and on the audit trail. `to` is a stage, or a StageMoveInput with the
 * location of a move into the workshop. Used by the staff's route and by the client's approval link and the
 * money part; after the transaction commits, call notifyJobStageChanged with the change returned.
 * 400 on the location's fields (supplierId not a client of the shop, expectedReturn not a day).
 */
export async function moveJobStage(
  repos: { workshop: WorkshopRepository; audit: AuditRepository; workshopMoney?: WorkshopMoneyRepository },
  caller: { shopId: number; userId: number | null },
  jobId: number,
  to: WorkshopStage | StageMoveInput,
  note = '',
  at: Date = new Date(),
): Promise<JobStageChange> {
  const { shopId, userId } = caller;
  const move: StageMoveInput = typeof to === 'string' ? { to, note } : { ...to, note: to.note ?? note };
  const job = await repos.workshop.state(shopId, jobId, true);
  if (!job) throw notFound();

  const bag = new ErrorBag();
  const location = move.to === 'in_workshop' ? (move.location ?? null) : null;
  const supplierId = location === 'sent_out' ? (move.supplierId ?? null) : null;
  if (supplierId !== null && !(await repos.workshop.client(shopId, supplierId)))
    bag.add('supplierId', WORKSHOP_SUPPLIER_UNKNOWN);
  const expectedReturn =
    location === 'sent_out' ? dateField(bag, 'expectedReturn', move.expectedReturn, null) : null;
  bag.throwIfAny();

  const problem = workshopMoveProblem(
    {
      stage: job.stage,
      estimateRequired: job.estimateRequired,
      estimateLines: job.estimateLines,
      location: job.location,
      supplierId: job.supplierId,
    },
    { stage: move.to, location, supplierId },
  );
  if (problem !== null) throw conflict(problem);
  // A client's piece goes back only once paid (money-rules.ts): 409 with the figure (issue 23 item 5).
  if (move.to === 'collected') {
    if (!repos.workshopMoney) throw new Error('a move to collected needs the workshopMoney repository');
    const refusal = await collectionRefusal({ workshopMoney: repos.workshopMoney }, shopId, jobId);
    if (refusal !== null) throw refusal;
  }

  const write = {
    to: move.to,
    location,
    supplierId,
    supplierReference: location === 'sent_out' ? (move.supplierReference ?? '').trim() : '',
    expectedReturn,
    note: (move.note ?? '').trim(),
    userId,
    at,
  };
  const eventId = await repos.workshop.move(shopId, job, write);
  await repos.audit.record({
    shopId,
    userId,
    entity: 'workshop_job',
    entityId: jobId,
    action: 'stage',
    before: { stage: job.stage, location: job.location, supplierId: job.supplierId },
    after: {
      stage: write.to,
      location,
      supplierId,
      supplierReference: write.supplierReference,
      expectedReturn,
      note: write.note,
      eventId,
    },
    at,
    recordName: jobReference(job.number),
    clientId: job.clientId,
    itemId: job.itemId,
  });
  return {
    shopId,
    jobId,
    number: job.number,
    reference: jobReference(job.number),
    clientId: job.clientId,
    itemId: job.itemId,
    from: job.stage,
    to: write.to,
    location,
    supplierId,
    note: write.note,
    userId,
    at,
  };
}

// ---------------------------------------------------------------- summaries and details

const toSummary = (r: JobRow, today: string): JobSummary => ({
  id: r.id,
  number: r.number,
  reference: r.reference,
  clientId: r.clientId,
  clientName: r.clientName,
  itemId: r.itemId,
  stockNumber: r.stockNumber,
  brand: r.brand,
  model: r.model,
  makerReference: r.makerReference,
  serial: r.serial,
  reportedFault: r.reportedFault,
  stage: r.stage,
  stageSince: r.stageSince,
  daysInStage: daysInStage(r, today),
  receivedOn: r.receivedOn,
  promisedDate: r.promisedDate,
  overdue: isJobOverdue(r, today),
  rush: r.rush,
  estimateRequired: r.estimateRequired,
  location: r.location,
  supplierId: r.supplierId,
  supplierName: r.supplierName,
  supplierReference: r.supplierReference,
  expectedReturn: r.expectedReturn,
  estimateTotalGbp: r.estimateTotalGbp,
  estimateLines: r.estimateLines,
  createdAt: r.createdAt,
});

/** The VAT within a VAT-inclusive standard-rated amount: the VAT fraction 1/6 (HMRC VAT Notice 700 §8.3), to the penny. */
export const vatWithin = (amountGbp: string): string => poundsOf((penceOf(amountGbp) + 3n) / 6n);

/** A job whole, read on `workshop` (any connection). */
async function detailOf(
  workshop: WorkshopRepository,
  shopId: number,
  id: number,
  at: Date,
): Promise<JobDetail> {
  const row = await workshop.find(shopId, id);
  if (!row) throw notFound();
  const today = await workshop.today(shopId, at);
  const lines = await workshop.estimateLines(id);
  const sum = (values: string[]) => values.reduce((s, v) => s + penceOf(v), 0n);
  const total = sum(lines.map((l) => l.amountGbp));
  const vat = sum(lines.map((l) => l.vatGbp));
  const estimate = {
    lines: lines.map((l) => ({
      id: l.id,
      kind: l.kind,
      description: l.description,
      amountGbp: Number(l.amountGbp),
      vatGbp: Number(l.vatGbp),
      netGbp: Number(poundsOf(penceOf(l.amountGbp) - penceOf(l.vatGbp))),
    })),
    labourGbp: Number(poundsOf(sum(lines.filter((l) => l.kind === 'labour').map((l) => l.amountGbp)))),
    partsGbp: Number(poundsOf(sum(lines.filter((l) => l.kind === 'parts').map((l) => l.amountGbp)))),
    netGbp: Number(poundsOf(total - vat)),
    vatGbp: Number(poundsOf(vat)),
    totalGbp: Number(poundsOf(total)),
  };
  return {
    ...toSummary(row, today),
    conditionGrade: row.conditionGrade,
    conditionNotes: row.conditionNotes,
    declaredValueGbp: row.declaredValueGbp,
    requestedWork: row.requestedWork,
    accessories: row.accessories,
    depositRequestedGbp: row.depositRequestedGbp,
    notes: row.notes,
    createdBy: row.createdBy,
    estimate,
    photos: await workshop.photos(id),
    events: await workshop.events(id),
    nextStages: workshopNextStages({
      stage: row.stage,
      estimateRequired: row.estimateRequired,
      estimateLines: row.estimateLines,
    }),
  };
}

/** Everything a document of a job prints: the job whole, its client's contact and address, the shop. */
export interface JobForDocuments {
  job: JobDetail;
  /** Null for a stock item's job (the shop's own piece). */
  client: { id: number; name: string; email: string; phone: string; address: string[] } | null;
  shop: JobShop;
}

/**
 * A job for a PDF or an e-mail (the intake receipt, the label, the estimate, the messages): read through this
 * module's repository on `db` (the database or a transaction). 404 (notFound) when the shop has no such job.
 */
export async function getJobForDocuments(
  db: Queryable,
  shopId: number,
  jobId: number,
  at: Date = new Date(),
): Promise<JobForDocuments> {
  const workshop = new WorkshopRepository(db);
  const job = await detailOf(workshop, shopId, jobId, at);
  const client = job.clientId === null ? null : await workshop.clientContact(shopId, job.clientId);
  return { job, client, shop: await workshop.shop(shopId) };
}

// ---------------------------------------------------------------- photos

/** A condition photo: JPEG, PNG or WebP, recognised by content (the item images' cap). */
const PHOTO_FILES: UploadRules = {
  maxBytes: ITEM_IMAGE_MAX_BYTES,
  tooLarge: `The image is too large (the limit is ${ITEM_IMAGE_MAX_BYTES / (1024 * 1024)} MB).`,
  sniff: (head) => {
    const type = sniffImage(head);
    return type !== null && (JOB_PHOTO_TYPES as readonly string[]).includes(type) ? type : null;
  },
  notAccepted: WORKSHOP_PHOTO_TYPE,
  defaultName: 'photo',
  misnamedPart: NO_FILE,
};

/**
 * THE WORKSHOP (issue 23, items 1 and 2): jobs taken in, numbered gap-free per shop, their estimate, photos and
 * stage moves. Every member of the shop may take in and move jobs (no Action: the counter staff do both).
 */
export class WorkshopService {
  private files: FileStore | undefined;

  constructor(private readonly ctx: WorkshopContext) {}

  /** The photos' storage, made when first used (the demo's seeding context has no file key and stores none). */
  get photoFiles(): FileStore {
    this.files ??= new FileStore(this.ctx.db, fileKeyFor(this.ctx.config.fileKey), PHOTO_FILES);
    return this.files;
  }

  private hookContext(): JobStageHookContext {
    return { db: this.ctx.db, config: this.ctx.config, now: this.ctx.now };
  }

  async detail({ shopId }: ShopCaller, id: number): Promise<JobDetail> {
    return detailOf(this.ctx.repos.workshop, shopId, id, this.ctx.now());
  }

  async list({ shopId }: ShopCaller, query: JobQuery): Promise<{ results: JobSummary[]; count: number }> {
    const { workshop } = this.ctx.repos;
    const today = await workshop.today(shopId, this.ctx.now());
    const stages = query.stage
      ? [...new Set(query.stage.split(',').map((s) => s.trim() as WorkshopStage))].filter((s) =>
          (WORKSHOP_STAGES as readonly string[]).includes(s),
        )
      : null;
    const q = query.q?.trim() ?? '';
    const filter = {
      stages,
      rush: query.rush ?? null,
      overdue: query.overdue ?? null,
      q: q === '' ? null : q,
      supplierId: query.supplier ?? null,
      today,
    };
    const count = await workshop.count(shopId, filter);
    return pageOf(pagingOf(query), count, async (limit, offset) =>
      (await workshop.list(shopId, filter, limit, offset)).map((r) => toSummary(r, today)),
    );
  }

  // ---------------------------------------------------------------- intake

  async create(caller: ShopCaller, body: JobInput): Promise<JobDetail> {
    const { shopId, userId } = caller;
    const { workshop } = this.ctx.repos;
    const now = this.ctx.now();
    const today = await workshop.today(shopId, now);
    const bag = new ErrorBag();
    const clientId = body.clientId ?? null;
    const itemId = body.itemId ?? null;
    if (clientId === null && itemId === null) bag.add('clientId', REQUIRED);
    if (clientId !== null && !(await workshop.client(shopId, clientId)))
      bag.add('clientId', WORKSHOP_CLIENT_UNKNOWN);
    const item = itemId === null ? null : await workshop.item(shopId, itemId);
    if (itemId !== null && !item) bag.add('itemId', WORKSHOP_ITEM_UNKNOWN);
    const reportedFault = body.reportedFault.trim();
    if (reportedFault === '') bag.add('reportedFault', BLANK);
    const declared = decimalField(bag, 'declaredValue', body.declaredValue, AMOUNT_RULE);
    if (declared !== null && penceOf(declared) < 0n) bag.add('declaredValue', NOT_NEGATIVE);
    const deposit = decimalField(bag, 'depositRequested', body.depositRequested, AMOUNT_RULE);
    if (deposit !== null && penceOf(deposit) <= 0n) bag.add('depositRequested', POSITIVE);
    const promisedDate = dateField(bag, 'promisedDate', body.promisedDate, null);
    if (promisedDate !== null && !bag.has('promisedDate') && promisedDate < today)
      bag.add('promisedDate', WORKSHOP_PROMISED_PAST);
    bag.throwIfAny();

    // A stock item's job describes the item as on file unless the intake says otherwise.
    const pick = (given: string | undefined, onFile: string | undefined) =>
      (given ?? '').trim() || (onFile ?? '');
    const id = await this.write(async (repos) => {
      const job = {
        shopId,
        clientId,
        itemId,
        brand: pick(body.brand, item?.brand),
        model: pick(body.model, item?.model),
        makerReference: pick(body.makerReference, item?.reference),
        serial: pick(body.serial, item?.serial),
        conditionGrade: body.conditionGrade ?? null,
        conditionNotes: (body.conditionNotes ?? '').trim(),
        declaredValueGbp: declared,
        reportedFault,
        requestedWork: (body.requestedWork ?? '').trim(),
        accessories: (body.accessories ?? '').trim(),
        notes: (body.notes ?? '').trim(),
        receivedOn: today,
        promisedDate,
        rush: body.rush ?? false,
        estimateRequired: body.estimateRequired ?? true,
        depositRequestedGbp: deposit,
        userId,
        at: now,
      };
      const created = await repos.workshop.insert(job);
      await repos.audit.record({
        shopId,
        userId,
        entity: 'workshop_job',
        entityId: created.id,
        action: 'create',
        after: { ...job, reference: jobReference(created.number), at: undefined, shopId: undefined },
        at: now,
        recordName: jobReference(created.number),
        clientId,
        itemId,
      });
      return created.id;
    });
    return this.detail(caller, id);
  }

  /** The promised date and the rush flag. */
  async update(caller: ShopCaller, id: number, body: JobUpdate): Promise<JobDetail> {
    const { shopId, userId } = caller;
    const now = this.ctx.now();
    await this.write(async (repos) => {
      const job = await repos.workshop.state(shopId, id, true);
      if (!job) throw notFound();
      const bag = new ErrorBag();
      const change: { promisedDate?: string | null; rush?: boolean } = {};
      if (body.promisedDate !== undefined) {
        change.promisedDate = dateField(bag, 'promisedDate', body.promisedDate, null);
        if (change.promisedDate !== null && !bag.has('promisedDate') && change.promisedDate < job.receivedOn)
          bag.add('promisedDate', WORKSHOP_PROMISED_PAST);
      }
      if (body.rush !== undefined) change.rush = body.rush;
      bag.throwIfAny();
      await repos.workshop.plan(shopId, id, change, now);
      await repos.audit.record({
        shopId,
        userId,
        entity: 'workshop_job',
        entityId: id,
        action: 'update',
        before: { promisedDate: job.promisedDate, rush: job.rush },
        after: change,
        at: now,
        recordName: jobReference(job.number),
        clientId: job.clientId,
        itemId: job.itemId,
      });
    });
    return this.detail(caller, id);
  }

  // ---------------------------------------------------------------- stages

  async move(caller: ShopCaller, id: number, body: StageMoveInput, log?: HookLog): Promise<JobDetail> {
    const now = this.ctx.now();
    const change = await this.write((repos) => moveJobStage(repos, caller, id, body, '', now));
    await notifyJobStageChanged(this.hookContext(), [change], log);
    return this.detail(caller, id);
  }

  // ---------------------------------------------------------------- estimate

  async setEstimate(caller: ShopCaller, id: number, body: EstimateSetInput): Promise<JobDetail> {
    const { shopId, userId } = caller;
    const bag = new ErrorBag();
    const lines: NewEstimateLine[] = [];
    body.lines.forEach((l, i) => {
      const description = l.description.trim();
      if (description === '') bag.add(`lines[${i}].description`, BLANK);
      const amount = decimalField(bag, `lines[${i}].amount`, l.amount, AMOUNT_RULE, { required: true });
      if (amount !== null && penceOf(amount) <= 0n) bag.add(`lines[${i}].amount`, POSITIVE);
      if (amount !== null)
        lines.push({ kind: l.kind, description, amountGbp: amount, vatGbp: vatWithin(amount) });
    });
    const deposit =
      body.depositRequested === undefined
        ? undefined
        : { value: decimalField(bag, 'depositRequested', body.depositRequested, AMOUNT_RULE) };
    if (deposit?.value != null && penceOf(deposit.value) <= 0n) bag.add('depositRequested', POSITIVE);
    bag.throwIfAny();
    const now = this.ctx.now();
    await this.write(async (repos) => {
      const job = await repos.workshop.state(shopId, id, true);
      if (!job) throw notFound();
      const problem = estimateEditProblem(job);
      if (problem !== null) throw conflict(problem);
      const before = await repos.workshop.estimateLines(id);
      await repos.workshop.setEstimate(shopId, id, lines, deposit, now);
      await repos.audit.record({
        shopId,
        userId,
        entity: 'workshop_job',
        entityId: id,
        action: 'estimate',
        before: before.map(({ kind, description, amountGbp }) => ({ kind, description, amountGbp })),
        after: {
          lines: lines.map(({ kind, description, amountGbp }) => ({ kind, description, amountGbp })),
          ...(deposit !== undefined ? { depositRequestedGbp: deposit.value } : {}),
        },
        at: now,
        recordName: jobReference(job.number),
        clientId: job.clientId,
        itemId: job.itemId,
      });
    });
    return this.detail(caller, id);
  }

  // ---------------------------------------------------------------- photos

  async addPhoto(caller: ShopCaller, id: number, request: FastifyRequest): Promise<JobDetail> {
    const { shopId, userId } = caller;
    if (!(await this.ctx.repos.workshop.state(shopId, id))) throw notFound();
    await this.photoFiles.receive(request, (upload) => {
      const now = this.ctx.now();
      return this.ctx.transaction(async ({ workshop, audit }) => {
        const job = await workshop.state(shopId, id, true);
        if (!job) throw notFound();
        if ((await workshop.photoCount(id)) >= JOB_MAX_PHOTOS) throw conflict(WORKSHOP_TOO_MANY_PHOTOS);
        const { storageKey, name, contentType, size } = upload;
        const photoId = await workshop.insertPhoto(
          shopId,
          id,
          { storageKey, name, contentType, size },
          userId,
          now,
        );
        await audit.record({
          shopId,
          userId,
          entity: 'workshop_job',
          entityId: id,
          action: 'upload',
          after: { photoId, name, contentType, size },
          at: now,
          recordName: jobReference(job.number),
          clientId: job.clientId,
          itemId: job.itemId,
        });
      });
    });
    return this.detail(caller, id);
  }

  // ---------------------------------------------------------------- plumbing

  private async write<T>(work: (repos: WorkshopRepos) => Promise<T>): Promise<T> {
    try {
      return await this.ctx.transaction(work);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      // numeric overflow: a figure beyond the columns (the decimal rule bounds it first; kept as a 400).
      if (isNumericOutOfRange(error)) throw new ApiError(400, TOO_LARGE);
      throw error;
    }
  }
}
