import {
  WORKSHOP_CLOSED_STAGES,
  WORKSHOP_DONE_STAGES,
  jobReference,
  postalAddressLines,
  type ConditionGrade,
  type EstimateLineKind,
  type JobPhoto,
  type JobStageEvent,
  type WorkshopLocation,
  type WorkshopStage,
} from '@loupe/contracts';
import type { Queryable } from '../../db/database';
import { readShopLetterhead } from '../documents';
import { nextDocumentNumber } from '../sales';

/** What a stage move needs of a job: its stage, whether an estimate is required, where it is. */
export interface JobState {
  id: number;
  shopId: number;
  number: number;
  clientId: number | null;
  itemId: number | null;
  stage: WorkshopStage;
  estimateRequired: boolean;
  estimateLines: number;
  location: WorkshopLocation | null;
  supplierId: number | null;
  receivedOn: string;
  promisedDate: string | null;
  rush: boolean;
}

export interface NewJob {
  shopId: number;
  clientId: number | null;
  itemId: number | null;
  brand: string;
  model: string;
  makerReference: string;
  serial: string;
  conditionGrade: ConditionGrade | null;
  conditionNotes: string;
  declaredValueGbp: string | null;
  reportedFault: string;
  requestedWork: string;
  accessories: string;
  notes: string;
  receivedOn: string;
  promisedDate: string | null;
  rush: boolean;
  estimateRequired: boolean;
  depositRequestedGbp: string | null;
  userId: number | null;
  at: Date;
}

/** Where a stage move puts the job (location only for 'in_workshop'). */
export interface StageWrite {
  to: WorkshopStage;
  location: WorkshopLocation | null;
  supplierId: number | null;
  supplierReference: string;
  expectedReturn: string | null;
  note: string;
  userId: number | null;
  at: Date;
}

export interface NewEstimateLine {
  kind: EstimateLineKind;
  description: string;
  /** Pounds, VAT included. */
  amountGbp: string;
  vatGbp: string;
}

export interface JobFilter {
  stages: WorkshopStage[] | null;
  rush: boolean | null;
  overdue: boolean | null;
  q: string | null;
  supplierId: number | null;
  /** The shop's day, for `overdue`. */
  today: string;
}

/** A job's row as the summaries read it; the service adds daysInStage and overdue (the contracts' rules). */
export interface JobRow {
  id: number;
  number: number;
  reference: string;
  clientId: number | null;
  clientName: string;
  itemId: number | null;
  stockNumber: number | null;
  brand: string;
  model: string;
  makerReference: string;
  serial: string;
  reportedFault: string;
  stage: WorkshopStage;
  stageSince: string;
  /** The shop's day the job moved to its stage. */
  stageSinceDay: string;
  receivedOn: string;
  promisedDate: string | null;
  rush: boolean;
  estimateRequired: boolean;
  location: WorkshopLocation | null;
  supplierId: number | null;
  supplierName: string | null;
  supplierReference: string;
  expectedReturn: string | null;
  estimateTotalGbp: number;
  estimateLines: number;
  createdAt: string;
  conditionGrade: ConditionGrade | null;
  conditionNotes: string;
  declaredValueGbp: number | null;
  requestedWork: string;
  accessories: string;
  depositRequestedGbp: number | null;
  notes: string;
  createdBy: string | null;
}

export interface StoredPhoto {
  id: number;
  storageKey: string;
  name: string;
  contentType: string;
  size: number;
}

/** What a job's documents print of its shop: Shop Settings as now (the documents module's letterhead). */
export interface JobShop {
  /** The shop's own name in Loupe. */
  name: string;
  /** The name its papers and notices print: the letterhead's (shop_letterhead's rule, never derived here). */
  printedName: string;
  /** Shop Settings' legal name, trimmed; the shop's name when there is none. */
  legalName: string;
  /** Shop Settings' trading name, trimmed; '' when there is none. */
  tradingName: string;
  address: string;
  phone: string;
  email: string;
  vatNumber: string;
  companyNumber: string;
}

const iso = (value: Date | string): string =>
  value instanceof Date ? value.toISOString() : new Date(value).toISOString();
const num = (value: string | number | null): number | null => (value === null ? null : Number(value));

/** `j` is jobs, `c` the client (client_directory), `s` the supplier, `i` the item (stock_items), `sh` the shop. */
const JOB_COLUMNS = `j.id::int AS id, j.number, j.client_id, c.name AS client_name, j.item_id, i.stock_number,
  j.brand, j.model, j.maker_reference, j.serial, j.reported_fault, j.stage, j.stage_since,
  (j.stage_since AT TIME ZONE sh.timezone)::date::text AS stage_since_day, j.received_on::text AS received_on,
  j.promised_date::text AS promised_date, j.rush, j.estimate_required, j.location, j.supplier_client_id,
  s.name AS supplier_name, j.supplier_reference, j.expected_return::text AS expected_return,
  coalesce(e.total_gbp, 0)::text AS estimate_total_gbp, coalesce(e.lines, 0)::int AS estimate_lines,
  j.created_at, j.condition_grade, j.condition_notes, j.declared_value_gbp::text AS declared_value_gbp,
  j.requested_work, j.accessories, j.deposit_requested_gbp::text AS deposit_requested_gbp, j.notes,
  u.username AS created_by`;

const JOB_FROM = `FROM jobs j
  JOIN shop_directory sh ON sh.id = j.shop_id
  LEFT JOIN client_directory c ON c.id = j.client_id
  LEFT JOIN client_directory s ON s.id = j.supplier_client_id
  LEFT JOIN stock_items i ON i.id = j.item_id
  LEFT JOIN user_directory u ON u.id = j.created_by
  LEFT JOIN LATERAL (SELECT sum(amount_gbp) AS total_gbp, count(*) AS lines
                       FROM job_estimate_lines WHERE job_id = j.id) e ON true`;

interface RawJob {
  id: number;
  number: number;
  client_id: number | null;
  client_name: string | null;
  item_id: number | null;
  stock_number: number | null;
  brand: string;
  model: string;
  maker_reference: string;
  serial: string;
  reported_fault: string;
  stage: WorkshopStage;
  stage_since: Date | string;
  stage_since_day: string;
  received_on: string;
  promised_date: string | null;
  rush: boolean;
  estimate_required: boolean;
  location: WorkshopLocation | null;
  supplier_client_id: number | null;
  supplier_name: string | null;
  supplier_reference: string;
  expected_return: string | null;
  estimate_total_gbp: string;
  estimate_lines: number;
  created_at: Date | string;
  condition_grade: ConditionGrade | null;
  condition_notes: string;
  declared_value_gbp: string | null;
  requested_work: string;
  accessories: string;
  deposit_requested_gbp: string | null;
  notes: string;
  created_by: string | null;
}

const rowOf = (r: RawJob): JobRow => ({
  id: Number(r.id),
  number: r.number,
  reference: jobReference(r.number),
  clientId: r.client_id,
  // A stock item's job (pre-sale service) has no client: the shop's own piece.
  clientName: r.client_name ?? '',
  itemId: r.item_id,
  stockNumber: r.stock_number,
  brand: r.brand,
  model: r.model,
  makerReference: r.maker_reference,
  serial: r.serial,
  reportedFault: r.reported_fault,
  stage: r.stage,
  stageSince: iso(r.stage_since),
  stageSinceDay: r.stage_since_day,
  receivedOn: r.received_on,
  promisedDate: r.promised_date,
  rush: r.rush,
  estimateRequired: r.estimate_required,
  location: r.location,
  supplierId: r.supplier_client_id,
  supplierName: r.supplier_name,
  supplierReference: r.supplier_reference,
  expectedReturn: r.expected_return,
  estimateTotalGbp: Number(r.estimate_total_gbp),
  estimateLines: Number(r.estimate_lines),
  createdAt: iso(r.created_at),
  conditionGrade: r.condition_grade,
  conditionNotes: r.condition_notes,
  declaredValueGbp: num(r.declared_value_gbp),
  requestedWork: r.requested_work,
  accessories: r.accessories,
  depositRequestedGbp: num(r.deposit_requested_gbp),
  notes: r.notes,
  createdBy: r.created_by,
});

/** The workshop module's tables (migration 032): only this repository writes them. */
export class WorkshopRepository {
  constructor(private readonly db: Queryable) {}

  // ---------------------------------------------------------------- who and what

  /** The shop's day at `at` (its time zone, shop_directory), as every module's "today" reads it. */
  async today(shopId: number, at: Date): Promise<string> {
    const rows = await this.db.query<{ today: string }>(
      `SELECT (($2::timestamptz) AT TIME ZONE timezone)::date::text AS today FROM shop_directory WHERE id = $1`,
      [shopId, at],
    );
    return rows[0]?.today ?? at.toISOString().slice(0, 10);
  }

  /** A client of the shop (the piece's owner, or a supplier), or null. */
  async client(shopId: number, clientId: number): Promise<{ id: number; name: string } | null> {
    const rows = await this.db.query<{ id: number; name: string }>(
      'SELECT id, name FROM client_directory WHERE shop_id = $1 AND id = $2',
      [shopId, clientId],
    );
    return rows[0] ?? null;
  }

  /** A stock item of the shop, as the intake takes its description. */
  async item(
    shopId: number,
    itemId: number,
  ): Promise<{ id: number; brand: string; model: string; serial: string; reference: string } | null> {
    const rows = await this.db.query<{
      id: number;
      brand: string | null;
      model: string | null;
      serial: string;
      reference_number: string | null;
    }>('SELECT id, brand, model, serial, reference_number FROM stock_items WHERE shop_id = $1 AND id = $2', [
      shopId,
      itemId,
    ]);
    const r = rows[0];
    return r
      ? {
          id: r.id,
          brand: r.brand ?? '',
          model: r.model ?? '',
          serial: r.serial,
          reference: r.reference_number ?? '',
        }
      : null;
  }

  // ---------------------------------------------------------------- intake

  /**
   * A new job with the shop's next job number (the sales module's document counter, kind 'job': locked until
   * the caller's transaction ends, so numbers have no gap) and its first event (the intake, to 'received').
   */
  async insert(job: NewJob): Promise<{ id: number; number: number }> {
    const number = await nextDocumentNumber(this.db, job.shopId, 'job');
    const rows = await this.db.query<{ id: string }>(
      `INSERT INTO jobs (shop_id, number, client_id, item_id, brand, model, maker_reference, serial,
         condition_grade, condition_notes, declared_value_gbp, reported_fault, requested_work, accessories, notes,
         received_on, promised_date, rush, estimate_required, deposit_requested_gbp, stage, stage_since,
         created_by, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20,
         'received', $21, $22, $21, $21)
       RETURNING id::text AS id`,
      [
        job.shopId,
        number,
        job.clientId,
        job.itemId,
        job.brand,
        job.model,
        job.makerReference,
        job.serial,
        job.conditionGrade,
        job.conditionNotes,
        job.declaredValueGbp,
        job.reportedFault,
        job.requestedWork,
        job.accessories,
        job.notes,
        job.receivedOn,
        job.promisedDate,
        job.rush,
        job.estimateRequired,
        job.depositRequestedGbp,
        job.at,
        job.userId,
      ],
    );
    const id = Number((rows[0] as { id: string }).id);
    await this.db.query(
      `INSERT INTO job_stage_events (shop_id, job_id, from_stage, to_stage, created_by, created_at)
       VALUES ($1, $2, NULL, 'received', $3, $4)`,
      [job.shopId, id, job.userId, job.at],
    );
    return { id, number };
  }

  // ---------------------------------------------------------------- state and moves

  /**
   * The job's state; `lock` takes its row (FOR UPDATE) until the transaction ends, so two moves of one job
   * queue and the second sees the first's stage.
   */
  async state(shopId: number, id: number, lock = false): Promise<JobState | null> {
    const rows = await this.db.query<{
      id: string;
      shop_id: number;
      number: number;
      client_id: number | null;
      item_id: number | null;
      stage: WorkshopStage;
      estimate_required: boolean;
      location: WorkshopLocation | null;
      supplier_client_id: number | null;
      received_on: string;
      promised_date: string | null;
      rush: boolean;
    }>(
      `SELECT id::text AS id, shop_id, number, client_id, item_id, stage, estimate_required, location,
              supplier_client_id, received_on::text AS received_on, promised_date::text AS promised_date, rush
         FROM jobs WHERE shop_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`,
      [shopId, id],
    );
    const r = rows[0];
    if (!r) return null;
    const lines = await this.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM job_estimate_lines WHERE job_id = $1',
      [id],
    );
    return {
      id: Number(r.id),
      shopId: r.shop_id,
      number: r.number,
      clientId: r.client_id,
      itemId: r.item_id,
      stage: r.stage,
      estimateRequired: r.estimate_required,
      estimateLines: Number(lines[0]?.n ?? 0),
      location: r.location,
      supplierId: r.supplier_client_id,
      receivedOn: r.received_on,
      promisedDate: r.promised_date,
      rush: r.rush,
    };
  }

  /** Moves the job (its row locked by the caller) and records the move; returns the event's id. */
  async move(shopId: number, job: JobState, w: StageWrite): Promise<number> {
    await this.db.query(
      `UPDATE jobs SET stage = $3::varchar, location = $4, supplier_client_id = $5, supplier_reference = $6,
              expected_return = $7, updated_at = $8::timestamptz,
              stage_since = CASE WHEN stage = $3::varchar THEN stage_since ELSE $8::timestamptz END
        WHERE shop_id = $1 AND id = $2`,
      [shopId, job.id, w.to, w.location, w.supplierId, w.supplierReference, w.expectedReturn, w.at],
    );
    const rows = await this.db.query<{ id: string }>(
      `INSERT INTO job_stage_events (shop_id, job_id, from_stage, to_stage, location, supplier_client_id,
         supplier_reference, expected_return, note, created_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id::text AS id`,
      [
        shopId,
        job.id,
        job.stage,
        w.to,
        w.location,
        w.supplierId,
        w.supplierReference,
        w.expectedReturn,
        w.note,
        w.userId,
        w.at,
      ],
    );
    return Number((rows[0] as { id: string }).id);
  }

  /** The promised date and the rush flag (each only when given). */
  async plan(
    shopId: number,
    id: number,
    change: { promisedDate?: string | null; rush?: boolean },
    at: Date,
  ): Promise<void> {
    await this.db.query(
      `UPDATE jobs SET promised_date = CASE WHEN $3 THEN $4::date ELSE promised_date END,
              rush = coalesce($5, rush), updated_at = $6
        WHERE shop_id = $1 AND id = $2`,
      [shopId, id, change.promisedDate !== undefined, change.promisedDate ?? null, change.rush ?? null, at],
    );
  }

  // ---------------------------------------------------------------- estimate

  /** Replaces the estimate's lines (and the deposit asked, when `deposit` is given). */
  async setEstimate(
    shopId: number,
    jobId: number,
    lines: readonly NewEstimateLine[],
    deposit: { value: string | null } | undefined,
    at: Date,
  ): Promise<void> {
    await this.db.query('DELETE FROM job_estimate_lines WHERE job_id = $1', [jobId]);
    for (const [position, l] of lines.entries()) {
      await this.db.query(
        `INSERT INTO job_estimate_lines (shop_id, job_id, position, kind, description, amount_gbp, vat_gbp)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [shopId, jobId, position + 1, l.kind, l.description, l.amountGbp, l.vatGbp],
      );
    }
    await this.db.query(
      `UPDATE jobs SET updated_at = $3,
              deposit_requested_gbp = CASE WHEN $4 THEN $5::numeric ELSE deposit_requested_gbp END
        WHERE shop_id = $1 AND id = $2`,
      [shopId, jobId, at, deposit !== undefined, deposit?.value ?? null],
    );
  }

  async estimateLines(
    jobId: number,
  ): Promise<
    Array<{ id: number; kind: EstimateLineKind; description: string; amountGbp: string; vatGbp: string }>
  > {
    const rows = await this.db.query<{
      id: string;
      kind: EstimateLineKind;
      description: string;
      amount_gbp: string;
      vat_gbp: string;
    }>(
      `SELECT id::text AS id, kind, description, amount_gbp::text AS amount_gbp, vat_gbp::text AS vat_gbp
         FROM job_estimate_lines WHERE job_id = $1 ORDER BY position`,
      [jobId],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      description: r.description,
      amountGbp: r.amount_gbp,
      vatGbp: r.vat_gbp,
    }));
  }

  // ---------------------------------------------------------------- reads

  async find(shopId: number, id: number): Promise<JobRow | null> {
    const rows = await this.db.query<RawJob>(
      `SELECT ${JOB_COLUMNS} ${JOB_FROM} WHERE j.shop_id = $1 AND j.id = $2`,
      [shopId, id],
    );
    return rows[0] ? rowOf(rows[0]) : null;
  }

  private where(shopId: number, f: JobFilter): { sql: string; params: unknown[] } {
    const params: unknown[] = [shopId];
    const parts = ['j.shop_id = $1'];
    const add = (sql: string, ...values: unknown[]) => {
      let text = sql;
      for (const v of values) {
        params.push(v);
        text = text.replace('?', `$${params.length}`);
      }
      parts.push(text);
    };
    if (f.stages) add('j.stage = ANY(?::varchar[])', f.stages);
    if (f.rush !== null) add('j.rush = ?', f.rush);
    // Overdue: contracts' isJobOverdue — a promised date before today while the piece is not done.
    if (f.overdue === true)
      add('j.promised_date < ?::date AND j.stage <> ALL(?::varchar[])', f.today, [...WORKSHOP_DONE_STAGES]);
    if (f.overdue === false)
      add('(j.promised_date IS NULL OR j.promised_date >= ?::date OR j.stage = ANY(?::varchar[]))', f.today, [
        ...WORKSHOP_DONE_STAGES,
      ]);
    if (f.supplierId !== null) add('j.supplier_client_id = ?', f.supplierId);
    if (f.q !== null) {
      const like = `%${f.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      const number = /^(?:job-?)?0*(\d{1,9})$/i.exec(f.q)?.[1];
      add(
        `(c.name ILIKE ? OR j.brand ILIKE ? OR j.model ILIKE ? OR j.serial ILIKE ? OR j.maker_reference ILIKE ?
          OR j.number = ?)`,
        like,
        like,
        like,
        like,
        like,
        number === undefined ? -1 : Number(number),
      );
    }
    return { sql: parts.join(' AND '), params };
  }

  async count(shopId: number, f: JobFilter): Promise<number> {
    const { sql, params } = this.where(shopId, f);
    const rows = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM jobs j LEFT JOIN client_directory c ON c.id = j.client_id WHERE ${sql}`,
      params,
    );
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * Open jobs before closed ones; within each, rush first, then by promised date (none last), newest first. The
   * page's ids are chosen on the jobs alone (and the client's name for `q`), then only those rows are read whole.
   */
  async list(shopId: number, f: JobFilter, limit: number, offset: number): Promise<JobRow[]> {
    const { sql, params } = this.where(shopId, f);
    params.push([...WORKSHOP_CLOSED_STAGES], limit, offset);
    const n = params.length;
    const order = `(j.stage = ANY($${n - 2}::varchar[])), j.rush DESC, j.promised_date NULLS LAST, j.id DESC`;
    const rows = await this.db.query<RawJob>(
      `SELECT ${JOB_COLUMNS} ${JOB_FROM}
        WHERE j.id IN (SELECT j.id FROM jobs j LEFT JOIN client_directory c ON c.id = j.client_id
                        WHERE ${sql} ORDER BY ${order} LIMIT $${n - 1} OFFSET $${n})
        ORDER BY ${order}`,
      params,
    );
    return rows.map(rowOf);
  }

  async events(jobId: number): Promise<JobStageEvent[]> {
    const rows = await this.db.query<{
      id: string;
      from_stage: WorkshopStage | null;
      to_stage: WorkshopStage;
      location: WorkshopLocation | null;
      supplier_name: string | null;
      note: string;
      by: string | null;
      created_at: Date | string;
    }>(
      `SELECT ev.id::text AS id, ev.from_stage, ev.to_stage, ev.location, s.name AS supplier_name, ev.note,
              u.username AS by, ev.created_at
         FROM job_stage_events ev
         LEFT JOIN client_directory s ON s.id = ev.supplier_client_id
         LEFT JOIN user_directory u ON u.id = ev.created_by
        WHERE ev.job_id = $1 ORDER BY ev.id`,
      [jobId],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      from: r.from_stage,
      to: r.to_stage,
      location: r.location,
      supplierName: r.supplier_name,
      note: r.note,
      by: r.by,
      at: iso(r.created_at),
    }));
  }

  // ---------------------------------------------------------------- photos

  async photoCount(jobId: number): Promise<number> {
    const rows = await this.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM job_photos WHERE job_id = $1',
      [jobId],
    );
    return Number(rows[0]?.n ?? 0);
  }

  async insertPhoto(
    shopId: number,
    jobId: number,
    file: { storageKey: string; name: string; contentType: string; size: number },
    userId: number,
    at: Date,
  ): Promise<number> {
    const rows = await this.db.query<{ id: string }>(
      `INSERT INTO job_photos (shop_id, job_id, storage_key, name, content_type, size_bytes, created_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id::text AS id`,
      [shopId, jobId, file.storageKey, file.name, file.contentType, file.size, userId, at],
    );
    return Number((rows[0] as { id: string }).id);
  }

  async photos(jobId: number): Promise<JobPhoto[]> {
    const rows = await this.db.query<{
      id: string;
      name: string;
      content_type: string;
      size_bytes: string;
      created_at: Date | string;
    }>(
      `SELECT id::text AS id, name, content_type, size_bytes::text AS size_bytes, created_at
         FROM job_photos WHERE job_id = $1 ORDER BY id`,
      [jobId],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      contentType: r.content_type,
      size: Number(r.size_bytes),
      uploadedAt: iso(r.created_at),
    }));
  }

  async photo(shopId: number, jobId: number, photoId: number): Promise<StoredPhoto | null> {
    const rows = await this.db.query<{
      id: string;
      storage_key: string;
      name: string;
      content_type: string;
      size_bytes: string;
    }>(
      `SELECT id::text AS id, storage_key, name, content_type, size_bytes::text AS size_bytes
         FROM job_photos WHERE shop_id = $1 AND job_id = $2 AND id = $3`,
      [shopId, jobId, photoId],
    );
    const r = rows[0];
    return r
      ? {
          id: Number(r.id),
          storageKey: r.storage_key,
          name: r.name,
          contentType: r.content_type,
          size: Number(r.size_bytes),
        }
      : null;
  }

  // ---------------------------------------------------------------- for documents and mail

  /** The client's contact and postal address as on file (client_directory), or null. */
  async clientContact(
    shopId: number,
    clientId: number,
  ): Promise<{ id: number; name: string; email: string; phone: string; address: string[] } | null> {
    const rows = await this.db.query<{
      id: number;
      name: string;
      email: string | null;
      phone: string | null;
      address_line1: string | null;
      address_line2: string | null;
      town: string | null;
      postcode: string | null;
      country: string | null;
    }>(
      `SELECT id, name, email, phone, address_line1, address_line2, town, postcode, country
         FROM client_directory WHERE shop_id = $1 AND id = $2`,
      [shopId, clientId],
    );
    const r = rows[0];
    if (!r) return null;
    return {
      id: r.id,
      name: r.name,
      email: r.email ?? '',
      phone: r.phone ?? '',
      address: postalAddressLines({
        addressLine1: r.address_line1 ?? '',
        addressLine2: r.address_line2 ?? '',
        town: r.town ?? '',
        postcode: r.postcode ?? '',
        country: r.country ?? '',
      }),
    };
  }

  /** The shop as its documents print it: the documents module's letterhead, as every paper reads it. */
  async shop(shopId: number): Promise<JobShop> {
    // A job's papers and notices print the letterhead's name (printedName, through sellerOf), and the approval
    // page heads itself with the shop's own name: JobShop's `name` is that one, not the printed name.
    const { name: printedName, shopName, ...details } = await readShopLetterhead(this.db, shopId);
    return { ...details, name: shopName, printedName };
  }
}
