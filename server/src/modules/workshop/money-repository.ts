import type { ItemRepair, VatScheme, WorkshopStage } from '@loupe/contracts';
import type { Queryable } from '../../db/database';

/** A job as its money needs it (the module's workshop_jobs and workshop_job_lines views). */
export interface MoneyJob {
  id: number;
  number: number;
  stage: WorkshopStage;
  clientId: number | null;
  clientName: string;
  itemId: number | null;
  promisedDate: string | null;
  /** What the piece is, as a notice names it: brand, model, reference, serial. */
  goods: string;
  linesGbp: string;
  lines: Array<{ kind: 'labour' | 'parts'; description: string; amountGbp: string }>;
}

/** A ready job with its dates, for the uncollected list (figures as text). */
export interface UncollectedRow {
  jobId: number;
  number: number;
  clientId: number | null;
  clientName: string;
  clientEmail: string;
  goods: string;
  readySince: string;
  linesGbp: string;
  paidGbp: string;
  remindedOn: string | null;
  reminderDelivery: 'recorded' | 'mailed' | null;
  noticeOn: string | null;
  saleAfter: string | null;
}

/** 'Rolex Submariner 126610LN, serial 7Y2…' from the job's intake. */
const GOODS = `concat_ws(', ', nullif(trim(concat_ws(' ', nullif(j.brand, ''), nullif(j.model, ''),
  nullif(j.maker_reference, ''))), ''), CASE WHEN j.serial <> '' THEN 'serial ' || j.serial END)`;

/** A stock item's figures for its margins: from inventory's stock_items (published). */
export interface MarginItem {
  id: number;
  vatScheme: VatScheme;
  purchasePriceGbp: string;
}

/** The item's standing sale (not voided), as the sales module fixed it (sale_vat_records, published). */
export interface MarginSale {
  saleId: number;
  date: string;
  amountGbp: string;
  vatTreatment: string | null;
  marginGbp: string | null;
  marginVatGbp: string | null;
}

/**
 * The workshop's money tables (migration 036): a client's job and the sales deal that takes its money, a stock
 * item's repair costs, the uncollected reminders and notices. Reads of other modules go through their published
 * views only (stock_items, sale_vat_records).
 */
export class WorkshopMoneyRepository {
  constructor(private readonly db: Queryable) {}

  // ---------------------------------------------------------------- jobs

  /** A job of the shop with its lines (lock it first with the workshop repository's `state`). */
  async job(shopId: number, jobId: number): Promise<MoneyJob | null> {
    const rows = await this.db.query<{
      id: string;
      number: number;
      stage: WorkshopStage;
      client_id: number | null;
      client_name: string | null;
      item_id: number | null;
      promised_date: string | null;
      goods: string;
      total: string;
    }>(
      `SELECT j.id::text AS id, j.number, j.stage, j.client_id, c.name AS client_name, j.item_id,
              to_char(j.promised_date, 'YYYY-MM-DD') AS promised_date, ${GOODS} AS goods,
              j.estimate_total_gbp::text AS total
         FROM workshop_jobs j LEFT JOIN client_directory c ON c.id = j.client_id
        WHERE j.shop_id = $1 AND j.id = $2`,
      [shopId, jobId],
    );
    const r = rows[0];
    if (!r) return null;
    const lines = await this.db.query<{ kind: 'labour' | 'parts'; description: string; amount: string }>(
      `SELECT kind, description, amount_gbp::text AS amount FROM workshop_job_lines
        WHERE job_id = $1 ORDER BY position, id`,
      [jobId],
    );
    return {
      id: Number(r.id),
      number: r.number,
      stage: r.stage,
      clientId: r.client_id,
      clientName: r.client_name ?? '',
      itemId: r.item_id,
      promisedDate: r.promised_date,
      goods: r.goods,
      linesGbp: r.total,
      lines: lines.map((l) => ({ kind: l.kind, description: l.description, amountGbp: l.amount })),
    };
  }

  /** The jobs of the shop ready for collection, longest-waiting first, each with its money and notices. */
  async ready(
    shopId: number,
    filter: { readyOnOrBefore?: string; unreminded?: boolean; jobId?: number },
    limit: number | null,
    offset = 0,
  ): Promise<{ rows: UncollectedRow[]; count: number }> {
    const where = `j.shop_id = $1 AND j.stage = 'ready'
      AND ($2::date IS NULL OR (j.stage_since AT TIME ZONE s.timezone)::date <= $2::date)
      AND (NOT $3::boolean OR NOT EXISTS (SELECT 1 FROM workshop_uncollected_notices n
                                           WHERE n.job_id = j.id AND n.kind = 'reminder'))
      AND ($4::bigint IS NULL OR j.id = $4::bigint)`;
    const params = [shopId, filter.readyOnOrBefore ?? null, filter.unreminded ?? false, filter.jobId ?? null];
    const [{ n } = { n: 0 }] = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM workshop_jobs j JOIN shop_directory s ON s.id = j.shop_id WHERE ${where}`,
      params,
    );
    const rows = await this.db.query<{
      id: string;
      number: number;
      client_id: number | null;
      client_name: string | null;
      client_email: string | null;
      goods: string;
      ready_since: string;
      total: string;
      paid: string;
      reminded_on: string | null;
      delivery: 'recorded' | 'mailed' | null;
      notice_on: string | null;
      sale_after: string | null;
    }>(
      `SELECT j.id::text AS id, j.number, j.client_id, c.name AS client_name, c.email AS client_email,
              ${GOODS} AS goods, to_char((j.stage_since AT TIME ZONE s.timezone)::date, 'YYYY-MM-DD') AS ready_since,
              j.estimate_total_gbp::text AS total,
              coalesce((SELECT sum(CASE WHEN p.direction = 'in' THEN p.amount_gbp ELSE -p.amount_gbp END)
                          FROM workshop_job_deals jd JOIN deal_payment_records p ON p.deal_id = jd.deal_id
                         WHERE jd.job_id = j.id), 0)::text AS paid,
              to_char(r.issued_on, 'YYYY-MM-DD') AS reminded_on, r.delivery,
              to_char(nt.issued_on, 'YYYY-MM-DD') AS notice_on, to_char(nt.sale_after, 'YYYY-MM-DD') AS sale_after
         FROM workshop_jobs j
         JOIN shop_directory s ON s.id = j.shop_id
         LEFT JOIN client_directory c ON c.id = j.client_id
         LEFT JOIN workshop_uncollected_notices r ON r.job_id = j.id AND r.kind = 'reminder'
         LEFT JOIN workshop_uncollected_notices nt ON nt.job_id = j.id AND nt.kind = 'notice'
        WHERE ${where}
        ORDER BY j.stage_since, j.id
        ${limit === null ? '' : `LIMIT ${Number(limit)} OFFSET ${Number(offset)}`}`,
      params,
    );
    return {
      count: n,
      rows: rows.map((r) => ({
        jobId: Number(r.id),
        number: r.number,
        clientId: r.client_id,
        clientName: r.client_name ?? '',
        clientEmail: r.client_email ?? '',
        goods: r.goods,
        readySince: r.ready_since,
        linesGbp: r.total,
        paidGbp: r.paid,
        remindedOn: r.reminded_on,
        reminderDelivery: r.delivery,
        noticeOn: r.notice_on,
        saleAfter: r.sale_after,
      })),
    };
  }

  /** Records a reminder or a notice; false when the job has one already (the first stands). */
  async recordNotice(notice: {
    shopId: number;
    jobId: number;
    kind: 'reminder' | 'notice';
    issuedOn: string;
    saleAfter: string | null;
    amountOwedGbp: string;
    delivery: 'recorded' | 'mailed';
    userId: number;
    at: Date;
  }): Promise<boolean> {
    const rows = await this.db.query<{ id: string }>(
      `INSERT INTO workshop_uncollected_notices
              (shop_id, job_id, kind, issued_on, sale_after, amount_owed_gbp, delivery, created_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (job_id, kind) DO NOTHING RETURNING id::text AS id`,
      [
        notice.shopId,
        notice.jobId,
        notice.kind,
        notice.issuedOn,
        notice.saleAfter,
        notice.amountOwedGbp,
        notice.delivery,
        notice.userId,
        notice.at,
      ],
    );
    return rows.length > 0;
  }

  /** How a reminder went out, once the mail module has it. */
  async setDelivery(jobId: number, kind: 'reminder' | 'notice', delivery: 'recorded' | 'mailed') {
    await this.db.query(
      'UPDATE workshop_uncollected_notices SET delivery = $3 WHERE job_id = $1 AND kind = $2',
      [jobId, kind, delivery],
    );
  }

  /** The job's notice of intention to sell, as recorded. */
  async notice(
    jobId: number,
  ): Promise<{ issuedOn: string; saleAfter: string; amountOwedGbp: string } | null> {
    const rows = await this.db.query<{ issued_on: string; sale_after: string; owed: string }>(
      `SELECT to_char(issued_on, 'YYYY-MM-DD') AS issued_on, to_char(sale_after, 'YYYY-MM-DD') AS sale_after,
              amount_owed_gbp::text AS owed
         FROM workshop_uncollected_notices WHERE job_id = $1 AND kind = 'notice'`,
      [jobId],
    );
    const r = rows[0];
    return r ? { issuedOn: r.issued_on, saleAfter: r.sale_after, amountOwedGbp: r.owed } : null;
  }

  // ---------------------------------------------------------------- a client's job and its deal

  /** The deal that takes a job's money; locked when asked (one deposit at a time per job). */
  async dealOf(jobId: number, lock = false): Promise<number | null> {
    const rows = await this.db.query<{ deal_id: string }>(
      `SELECT deal_id::text AS deal_id FROM workshop_job_deals WHERE job_id = $1${lock ? ' FOR UPDATE' : ''}`,
      [jobId],
    );
    return rows[0] ? Number(rows[0].deal_id) : null;
  }

  /** The job's deal as the sales module publishes it: its status and what has been paid (in less out). */
  async dealMoney(jobId: number): Promise<{ status: string; paidGbp: string } | null> {
    const rows = await this.db.query<{ status: string; paid: string }>(
      `SELECT d.status,
              coalesce((SELECT sum(CASE WHEN p.direction = 'in' THEN p.amount_gbp ELSE -p.amount_gbp END)
                          FROM deal_payment_records p WHERE p.deal_id = d.id), 0)::text AS paid
         FROM workshop_job_deals jd JOIN deal_records d ON d.id = jd.deal_id WHERE jd.job_id = $1`,
      [jobId],
    );
    const r = rows[0];
    return r ? { status: r.status, paidGbp: r.paid } : null;
  }

  async linkDeal(link: { jobId: number; shopId: number; dealId: number; userId: number; at: Date }) {
    await this.db.query(
      `INSERT INTO workshop_job_deals (job_id, shop_id, deal_id, created_by, created_at)
       VALUES ($1, $2, $3, $4, $5)`,
      [link.jobId, link.shopId, link.dealId, link.userId, link.at],
    );
  }

  // ---------------------------------------------------------------- a stock item's repair costs

  async recordRepairCost(cost: {
    jobId: number;
    shopId: number;
    itemId: number;
    costGbp: string;
    date: string;
    userId: number;
    at: Date;
  }): Promise<void> {
    await this.db.query(
      `INSERT INTO workshop_repair_costs (job_id, shop_id, item_id, cost_gbp, recorded_on, created_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (job_id) DO NOTHING`,
      [cost.jobId, cost.shopId, cost.itemId, cost.costGbp, cost.date, cost.userId, cost.at],
    );
  }

  async repairCostOf(jobId: number): Promise<string | null> {
    const rows = await this.db.query<{ cost: string }>(
      'SELECT cost_gbp::text AS cost FROM workshop_repair_costs WHERE job_id = $1',
      [jobId],
    );
    return rows[0]?.cost ?? null;
  }

  /** The item's repairs, oldest first, each with its job's number. */
  async itemRepairs(
    shopId: number,
    itemId: number,
  ): Promise<Array<Omit<ItemRepair, 'costGbp' | 'reference'> & { number: number; costGbp: string }>> {
    const rows = await this.db.query<{ job_id: string; number: number; cost: string; recorded_on: string }>(
      `SELECT rc.job_id::text AS job_id, j.number, rc.cost_gbp::text AS cost,
              to_char(rc.recorded_on, 'YYYY-MM-DD') AS recorded_on
         FROM workshop_repair_costs rc JOIN workshop_jobs j ON j.id = rc.job_id
        WHERE rc.shop_id = $1 AND rc.item_id = $2 ORDER BY rc.recorded_on, rc.job_id`,
      [shopId, itemId],
    );
    return rows.map((r) => ({
      jobId: Number(r.job_id),
      number: r.number,
      costGbp: r.cost,
      recordedOn: r.recorded_on,
    }));
  }

  async marginItem(shopId: number, itemId: number): Promise<MarginItem | null> {
    const rows = await this.db.query<{ id: number; vat_scheme: VatScheme; price: string }>(
      `SELECT id, vat_scheme, coalesce(purchase_price, 0)::text AS price
         FROM stock_items WHERE shop_id = $1 AND id = $2`,
      [shopId, itemId],
    );
    const row = rows[0];
    return row ? { id: row.id, vatScheme: row.vat_scheme, purchasePriceGbp: row.price } : null;
  }

  async standingSale(shopId: number, itemId: number): Promise<MarginSale | null> {
    const rows = await this.db.query<{
      sale_id: string;
      sale_date: string;
      amount: string;
      vat_treatment: string | null;
      margin: string | null;
      margin_vat: string | null;
    }>(
      `SELECT sale_id::text AS sale_id, to_char(sale_date, 'YYYY-MM-DD') AS sale_date, amount_gbp::text AS amount,
              vat_treatment, margin_gbp::text AS margin, margin_vat_gbp::text AS margin_vat
         FROM sale_vat_records
        WHERE shop_id = $1 AND item_id = $2 AND reversal_id IS NULL AND amount_gbp > 0
        ORDER BY sale_date DESC, sale_id DESC LIMIT 1`,
      [shopId, itemId],
    );
    const r = rows[0];
    return r
      ? {
          saleId: Number(r.sale_id),
          date: r.sale_date,
          amountGbp: r.amount,
          vatTreatment: r.vat_treatment,
          marginGbp: r.margin,
          marginVatGbp: r.margin_vat,
        }
      : null;
  }
}
