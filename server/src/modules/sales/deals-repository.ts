import type {
  Currency,
  Deal,
  DealChannel,
  DealLine,
  DealLineKind,
  DealPayment,
  DealPaymentKind,
  DealStatus,
  DealTotals,
  LayawayCancelPolicy,
  OtherLineVatRate,
  PaymentDirection,
  PaymentMethod,
  VatTreatment,
} from '@loupe/contracts';
import type { Queryable } from '../../db/database';
import { moneyOut } from '../../kernel/money';

export interface NewDeal {
  shopId: number;
  status: 'reserved' | 'completed';
  /** Default 'deal'; the one-line case of an item's Sell or a quick sale says which. */
  origin?: 'deal' | 'item_sale' | 'quick_sale';
  clientId: number | null;
  buyerName: string;
  currency: Currency;
  exchangeRate: string;
  date: string;
  collectBy: string | null;
  notes: string;
  /** Where the sale came from (issue 24 item 4): default 'shop'. */
  channel?: DealChannel;
  userId: number;
  at: Date;
}

export interface NewDealLine {
  kind: DealLineKind;
  itemId: number | null;
  description: string;
  vatRate: OtherLineVatRate | null;
  /** In the deal's currency, decimal string. */
  amount: string;
}

export interface NewDealPayment {
  kind: DealPaymentKind;
  direction: PaymentDirection;
  method: PaymentMethod;
  amount: string;
  currency: Currency;
  exchangeRate: string;
}

/** A stored line, as the workflow needs it (decimal strings). */
export interface StoredLine {
  id: number;
  position: number;
  kind: DealLineKind;
  itemId: number | null;
  description: string;
  vatRate: OtherLineVatRate | null;
  amount: string;
  amountGbp: string;
  saleId: number | null;
}

export interface StoredDeal {
  id: number;
  status: DealStatus;
  clientId: number | null;
  buyerName: string;
  currency: Currency;
  exchangeRate: string;
  date: string;
  collectBy: string | null;
  channel: DealChannel;
}

/** The money of a deal in GBP (decimal strings, exact sums of the stored 2-decimal values). */
export interface Money {
  goods: string;
  partExchange: string;
  due: string;
  paid: string;
  balance: string;
  /** Σ standard-rated lines (VAT-inclusive), for the VAT within an advance payment. */
  standardGoods: string;
}

/**
 * Each deal's money in GBP, for the deal ids in $1 (bigint[]): goods, part-exchange, the standard-rated goods,
 * the net paid (in − out), what is due and the balance, all in numeric.
 */
const MONEY_SQL = `
  SELECT d.id::text AS deal_id, t.goods::text AS goods, t.px::text AS px, t.standard_goods::text AS standard_goods,
         p.paid::text AS paid, (t.goods - t.px)::text AS due, (t.goods - t.px - p.paid)::text AS balance
    FROM unnest($1::bigint[]) AS d(id)
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(amount_gbp) FILTER (WHERE kind <> 'part_exchange'), 0) AS goods,
             coalesce(sum(amount_gbp) FILTER (WHERE kind = 'part_exchange'), 0) AS px,
             coalesce(sum(amount_gbp) FILTER (WHERE kind <> 'part_exchange' AND standard), 0) AS standard_goods
        FROM (SELECT l.kind, l.amount_gbp,
                     CASE WHEN coalesce(ss.vat_number, '') = '' THEN false
                          WHEN l.kind = 'other' THEN l.vat_rate = 'standard'
                          ELSE i.vat_scheme = 'standard' END AS standard
                FROM deal_lines l
                LEFT JOIN shop_document_settings ss ON ss.shop_id = l.shop_id
                LEFT JOIN stock_items i ON i.id = l.item_id
               WHERE l.deal_id = d.id) lines
    ) t
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(CASE direction WHEN 'in' THEN amount_gbp ELSE -amount_gbp END), 0) AS paid
        FROM deal_payments WHERE deal_id = d.id
    ) p`;

/**
 * Deals, their lines and payments (migration 016): what the sales module's workflow writes. Every amount's GBP
 * value is computed here in `numeric` (round2(amount × rate)), never in JavaScript.
 */
export class DealsRepository {
  constructor(private readonly db: Queryable) {}

  async insert(deal: NewDeal): Promise<number> {
    const rows = await this.db.query<{ id: string }>(
      `INSERT INTO deals (shop_id, status, client_id, buyer_name, currency, exchange_rate, deal_date, collect_by,
                          notes, created_by, created_at, updated_at, origin, channel)
       VALUES ($1, $2, $3, $4, $5, $6::numeric, $7::date, $8::date, $9, $10, $11, $11, $12, $13)
       RETURNING id::text AS id`,
      [
        deal.shopId,
        deal.status,
        deal.clientId,
        deal.buyerName,
        deal.currency,
        deal.exchangeRate,
        deal.date,
        deal.collectBy,
        deal.notes,
        deal.userId,
        deal.at,
        deal.origin ?? 'deal',
        deal.channel ?? 'shop',
      ],
    );
    return Number((rows[0] as { id: string }).id);
  }

  /** The lines in order, each line's GBP value computed at the deal's rate. */
  async insertLines(shopId: number, dealId: number, lines: readonly NewDealLine[]): Promise<StoredLine[]> {
    if (lines.length === 0) return [];
    await this.db.query(
      `INSERT INTO deal_lines (shop_id, deal_id, position, kind, item_id, description, vat_rate, amount, amount_gbp)
       SELECT $1, d.id, l.position, l.kind, l.item_id, l.description, l.vat_rate, l.amount,
              round(l.amount * d.exchange_rate, 2)
         FROM deals d,
              unnest($3::int[], $4::text[], $5::int[], $6::text[], $7::text[], $8::numeric[])
                AS l(position, kind, item_id, description, vat_rate, amount)
        WHERE d.id = $2`,
      [
        shopId,
        dealId,
        lines.map((_, i) => i + 1),
        lines.map((l) => l.kind),
        lines.map((l) => l.itemId),
        lines.map((l) => l.description),
        lines.map((l) => l.vatRate),
        lines.map((l) => l.amount),
      ],
    );
    return this.lines(dealId);
  }

  async lines(dealId: number): Promise<StoredLine[]> {
    const rows = await this.db.query<{
      id: string;
      position: number;
      kind: DealLineKind;
      item_id: number | null;
      description: string;
      vat_rate: OtherLineVatRate | null;
      amount: string;
      amount_gbp: string;
      sale_id: string | null;
    }>(
      `SELECT id::text AS id, position, kind, item_id, description, vat_rate, trim_scale(amount)::text AS amount,
              amount_gbp::text AS amount_gbp, sale_id::text AS sale_id
         FROM deal_lines WHERE deal_id = $1 ORDER BY position`,
      [dealId],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      position: r.position,
      kind: r.kind,
      itemId: r.item_id,
      description: r.description,
      vatRate: r.vat_rate,
      amount: r.amount,
      amountGbp: r.amount_gbp,
      saleId: r.sale_id === null ? null : Number(r.sale_id),
    }));
  }

  /** A part-exchange line's stock item, once it has been entered. */
  async setLineItem(lineId: number, itemId: number): Promise<void> {
    await this.db.query('UPDATE deal_lines SET item_id = $2 WHERE id = $1', [lineId, itemId]);
  }

  /**
   * Fixes a sold line's VAT at completion (the rule in contracts/src/deals.ts), with its cost (the item's purchase
   * price now; null for an "other" line) and its sale row.
   */
  async settleLine(
    lineId: number,
    saleId: number,
    treatment: VatTreatment,
    costGbp: string | null,
  ): Promise<void> {
    await this.db.query(
      `UPDATE deal_lines l SET sale_id = $2, vat_treatment = $3::text, cost_gbp = $4::numeric,
              vat_amount = CASE WHEN $3::text = 'standard'
                                THEN round(l.amount / 6, CASE WHEN d.currency = 'BTC' THEN 8 ELSE 2 END) ELSE 0 END,
              vat_gbp = CASE WHEN $3::text = 'standard' THEN round(l.amount_gbp / 6, 2) ELSE 0 END,
              margin_gbp = CASE WHEN $3::text = 'margin' THEN l.amount_gbp - coalesce($4::numeric, 0) END,
              margin_vat_gbp = CASE WHEN $3::text = 'margin'
                                    THEN round(greatest(l.amount_gbp - coalesce($4::numeric, 0), 0) / 6, 2) END
         FROM deals d WHERE d.id = l.deal_id AND l.id = $1`,
      [lineId, saleId, treatment, costGbp],
    );
  }

  /**
   * Payments in order. `advanceVatShare`: for deposits and instalments of a reserved deal, the standard-rated
   * share of the goods (standardGoods / goods), so that the VAT within the advance payment is recorded.
   */
  async insertPayments(
    shopId: number,
    dealId: number,
    payments: readonly NewDealPayment[],
    date: string,
    userId: number,
    at: Date,
    advance: { standardGoods: string; goods: string } | null = null,
  ): Promise<number[]> {
    if (payments.length === 0) return [];
    const rows = await this.db.query<{ id: string }>(
      `INSERT INTO deal_payments (shop_id, deal_id, kind, direction, method, amount, currency, exchange_rate,
                                  amount_gbp, advance_vat_gbp, payment_date, created_by, created_at)
       SELECT $1, $2, p.kind, p.direction, p.method, p.amount, p.currency, p.rate, round(p.amount * p.rate, 2),
              CASE WHEN $8::numeric > 0
                   THEN round(round(p.amount * p.rate, 2) * $9::numeric / $8::numeric / 6, 2) ELSE 0 END,
              $10::date, $11, $12
         FROM unnest($3::text[], $4::text[], $5::text[], $6::numeric[], $7::text[], $13::numeric[])
              WITH ORDINALITY AS p(kind, direction, method, amount, currency, rate, ord)
        ORDER BY p.ord
       RETURNING id::text AS id`,
      [
        shopId,
        dealId,
        payments.map((p) => p.kind),
        payments.map((p) => p.direction),
        payments.map((p) => p.method),
        payments.map((p) => p.amount),
        payments.map((p) => p.currency),
        advance?.goods ?? '0',
        advance?.standardGoods ?? '0',
        date,
        userId,
        at,
        payments.map((p) => p.exchangeRate),
      ],
    );
    return rows.map((r) => Number(r.id));
  }

  /** Every standing payment of the deal reversed by a new row of the opposite direction (a void), dated `date`. */
  async reversePayments(dealId: number, date: string, userId: number, at: Date): Promise<number> {
    const rows = await this.db.query<{ id: string }>(
      `INSERT INTO deal_payments (shop_id, deal_id, kind, direction, method, amount, currency, exchange_rate,
                                  amount_gbp, advance_vat_gbp, payment_date, reversal_of, created_by, created_at)
       SELECT p.shop_id, p.deal_id, p.kind, CASE p.direction WHEN 'in' THEN 'out' ELSE 'in' END, p.method,
              p.amount, p.currency, p.exchange_rate, p.amount_gbp, -p.advance_vat_gbp, $2::date, p.id, $3, $4
         FROM deal_payments p
        WHERE p.deal_id = $1 AND p.reversal_of IS NULL
          AND NOT EXISTS (SELECT 1 FROM deal_payments r WHERE r.reversal_of = p.id)
        ORDER BY p.id
       RETURNING id::text AS id`,
      [dealId, date, userId, at],
    );
    return rows.length;
  }

  /** The standing payments in (not reversed, not themselves reversals), for a refund. */
  async paymentsIn(dealId: number): Promise<NewDealPayment[]> {
    const rows = await this.db.query<{
      method: PaymentMethod;
      amount: string;
      currency: Currency;
      exchange_rate: string;
    }>(
      `SELECT p.method, trim_scale(p.amount)::text AS amount, p.currency, trim_scale(p.exchange_rate)::text AS exchange_rate
         FROM deal_payments p
        WHERE p.deal_id = $1 AND p.direction = 'in' AND p.reversal_of IS NULL
          AND NOT EXISTS (SELECT 1 FROM deal_payments r WHERE r.reversal_of = p.id)
        ORDER BY p.id`,
      [dealId],
    );
    return rows.map((r) => ({
      kind: 'refund',
      direction: 'out',
      method: r.method,
      amount: r.amount,
      currency: r.currency,
      exchangeRate: r.exchange_rate,
    }));
  }

  /** The deal's money in GBP. */
  async money(dealId: number): Promise<Money> {
    return (await this.moneyOf([dealId])).get(dealId) as Money;
  }

  /** Several deals' money in one read: deal id → its money. */
  private async moneyOf(dealIds: readonly number[]): Promise<Map<number, Money>> {
    const rows = await this.db.query<{
      deal_id: string;
      goods: string;
      px: string;
      standard_goods: string;
      paid: string;
      due: string;
      balance: string;
    }>(MONEY_SQL, [dealIds]);
    return new Map(
      rows.map((r) => [
        Number(r.deal_id),
        {
          goods: r.goods,
          partExchange: r.px,
          due: r.due,
          paid: r.paid,
          balance: r.balance,
          standardGoods: r.standard_goods,
        },
      ]),
    );
  }

  /** The deal's row, locked when asked: every later change of one deal runs one at a time. */
  async find(shopId: number, id: number, lock = false): Promise<StoredDeal | null> {
    const rows = await this.db.query<{
      id: string;
      status: DealStatus;
      client_id: number | null;
      buyer_name: string;
      currency: Currency;
      exchange_rate: string;
      deal_date: string;
      collect_by: string | null;
      channel: DealChannel;
    }>(
      `SELECT id::text AS id, status, client_id, buyer_name, currency, trim_scale(exchange_rate)::text AS exchange_rate,
              deal_date::text AS deal_date, collect_by::text AS collect_by, channel
         FROM deals WHERE shop_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`,
      [shopId, id],
    );
    const r = rows[0];
    if (!r) return null;
    return {
      id: Number(r.id),
      status: r.status,
      clientId: r.client_id,
      buyerName: r.buyer_name,
      currency: r.currency,
      exchangeRate: r.exchange_rate,
      date: r.deal_date,
      collectBy: r.collect_by,
      channel: r.channel,
    };
  }

  async complete(dealId: number, day: string, at: Date): Promise<void> {
    await this.db.query(
      `UPDATE deals SET status = 'completed', completed_on = $2::date, updated_at = $3 WHERE id = $1`,
      [dealId, day, at],
    );
  }

  async cancel(
    dealId: number,
    day: string,
    outcome: LayawayCancelPolicy,
    reason: string,
    at: Date,
  ): Promise<void> {
    await this.db.query(
      `UPDATE deals SET status = 'cancelled', cancelled_on = $2::date, cancel_outcome = $3, cancel_reason = $4,
              updated_at = $5 WHERE id = $1`,
      [dealId, day, outcome, reason, at],
    );
  }

  async markVoided(dealId: number, reason: string, at: Date): Promise<void> {
    await this.db.query(
      `UPDATE deals SET status = 'voided', cancel_reason = $2, updated_at = $3 WHERE id = $1`,
      [dealId, reason, at],
    );
  }

  /** The shop's policy for a cancelled layaway (Shop Settings; refund while the shop has no settings row). */
  async cancelPolicy(shopId: number): Promise<LayawayCancelPolicy> {
    const rows = await this.db.query<{ policy: LayawayCancelPolicy }>(
      'SELECT layaway_cancel_policy AS policy FROM shop_document_settings WHERE shop_id = $1',
      [shopId],
    );
    return rows[0]?.policy ?? 'refund';
  }

  /** The reserved deal holding `itemId`, if any. */
  async holding(itemId: number): Promise<{ dealId: number; clientId: number | null } | null> {
    const rows = await this.db.query<{ id: string; client_id: number | null }>(
      `SELECT d.id::text AS id, d.client_id FROM deal_lines l JOIN deals d ON d.id = l.deal_id
        WHERE l.item_id = $1 AND l.kind = 'item' AND d.status = 'reserved' LIMIT 1`,
      [itemId],
    );
    const r = rows[0];
    return r ? { dealId: Number(r.id), clientId: r.client_id } : null;
  }

  /**
   * The exact GBP value (amount × rate, unrounded) of the Cash payments among `ids` in `direction`; null when
   * there are none: what the AML guard checks as this deal's one payment.
   */
  async cashGbp(ids: readonly number[], direction: 'in' | 'out'): Promise<string | null> {
    if (ids.length === 0) return null;
    const rows = await this.db.query<{ total: string | null }>(
      `SELECT sum(amount * exchange_rate)::text AS total FROM deal_payments
        WHERE id = ANY($1::bigint[]) AND method = 'Cash' AND direction = $2`,
      [ids, direction],
    );
    return rows[0]?.total ?? null;
  }

  /**
   * The method a deal's sale rows carry for the reports' "Sales by Method": its largest payment in (GBP value),
   * or 'Other' when nothing was paid in (a part-exchange covering the goods).
   */
  async principalMethod(dealId: number): Promise<PaymentMethod> {
    const rows = await this.db.query<{ method: PaymentMethod }>(
      `SELECT method FROM deal_payments p
        WHERE p.deal_id = $1 AND p.direction = 'in' AND p.reversal_of IS NULL
          AND NOT EXISTS (SELECT 1 FROM deal_payments r WHERE r.reversal_of = p.id)
        ORDER BY amount_gbp DESC, id LIMIT 1`,
      [dealId],
    );
    return rows[0]?.method ?? 'Other';
  }

  /** Whether the shop has a VAT number (else no VAT and no margin scheme anywhere). */
  async vatRegistered(shopId: number): Promise<boolean> {
    const rows = await this.db.query<{ registered: boolean }>(
      `SELECT coalesce(vat_number, '') <> '' AS registered FROM shop_document_settings WHERE shop_id = $1`,
      [shopId],
    );
    return rows[0]?.registered ?? false;
  }

  // ---------------------------------------------------------------- reads in the contract's shape

  async count(shopId: number, filter: DealFilter, today: string): Promise<number> {
    const params: unknown[] = [];
    const rows = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM deals d WHERE ${where(shopId, filter, today, params)}`,
      params,
    );
    return rows[0]?.n ?? 0;
  }

  async list(
    shopId: number,
    filter: DealFilter,
    today: string,
    limit: number,
    offset: number,
  ): Promise<Deal[]> {
    const params: unknown[] = [];
    const w = where(shopId, filter, today, params);
    params.push(limit, offset);
    const rows = await this.db.query<{ id: string }>(
      `SELECT d.id::text AS id FROM deals d WHERE ${w}
        ORDER BY ${filter.overdue ? 'd.collect_by, d.id' : 'd.id DESC'}
        LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    return this.views(
      shopId,
      rows.map((r) => Number(r.id)),
      today,
    );
  }

  /** One deal in the contract's shape; `today` decides "overdue". */
  async view(shopId: number, id: number, today: string): Promise<Deal | null> {
    return (await this.views(shopId, [id], today))[0] ?? null;
  }

  /** Deals in the contract's shape, in the order of `ids` (the shop's only), in four reads however many. */
  private async views(shopId: number, ids: readonly number[], today: string): Promise<Deal[]> {
    if (ids.length === 0) return [];
    const dealRows = await this.db.query<DealRecord>(
      `SELECT d.id::text AS id, d.status, d.client_id, coalesce(c.name, d.buyer_name) AS buyer_name, d.currency,
              d.exchange_rate::text AS exchange_rate, d.deal_date::text AS deal_date,
              d.collect_by::text AS collect_by, d.completed_on::text AS completed_on,
              d.cancelled_on::text AS cancelled_on, d.cancel_outcome, d.cancel_reason, d.notes,
              d.channel, u.username AS created_by, d.created_at,
              (d.status = 'reserved' AND d.collect_by < $3::date) AS overdue,
              inv.id::text AS invoice_id, inv.reference AS invoice_ref,
              cn.id::text AS credit_id, cn.reference AS credit_ref
         FROM deals d
         LEFT JOIN client_directory c ON c.id = d.client_id
         LEFT JOIN user_directory u ON u.id = d.created_by
         LEFT JOIN invoices inv ON inv.deal_id = d.id AND inv.kind = 'invoice'
         LEFT JOIN invoices cn ON cn.credits_invoice_id = inv.id
        WHERE d.shop_id = $1 AND d.id = ANY($2::bigint[])`,
      [shopId, ids, today],
    );
    const lineRows = await this.db.query<LineRecord & { deal_id: string }>(
      `SELECT l.deal_id::text AS deal_id, l.id::text AS id, l.kind, l.item_id, coalesce(i.serial, '') AS serial,
              CASE WHEN l.kind = 'other' THEN l.description
                   ELSE coalesce(nullif(trim(concat_ws(' ', nullif(i.brand, ''), nullif(i.model, ''))), ''),
                                 nullif(left(i.description, 200), ''), i.stock_type, l.description) END AS description,
              l.amount::text AS amount, l.amount_gbp::text AS amount_gbp,
              coalesce(l.vat_treatment,
                       CASE WHEN coalesce(ss.vat_number, '') = '' OR l.kind = 'part_exchange' THEN 'none'
                            WHEN l.kind = 'other' THEN CASE WHEN l.vat_rate = 'zero' THEN 'none' ELSE 'standard' END
                            WHEN i.vat_scheme = 'standard' THEN 'standard' ELSE 'margin' END) AS vat_treatment,
              l.vat_gbp::text AS vat_gbp, l.margin_gbp::text AS margin_gbp, l.margin_vat_gbp::text AS margin_vat_gbp
         FROM deal_lines l
         LEFT JOIN stock_items i ON i.id = l.item_id
         LEFT JOIN shop_document_settings ss ON ss.shop_id = l.shop_id
        WHERE l.deal_id = ANY($1::bigint[]) ORDER BY l.deal_id, l.position`,
      [ids],
    );
    const paymentRows = await this.db.query<PaymentRecord & { deal_id: string }>(
      `SELECT p.deal_id::text AS deal_id, p.id::text AS id, p.kind, p.direction, p.method, p.amount::text AS amount, p.currency,
              p.exchange_rate::text AS exchange_rate, p.amount_gbp::text AS amount_gbp,
              p.payment_date::text AS payment_date, u.username AS created_by
         FROM deal_payments p LEFT JOIN user_directory u ON u.id = p.created_by
        WHERE p.deal_id = ANY($1::bigint[]) ORDER BY p.id`,
      [ids],
    );
    const money = await this.moneyOf(ids);
    const byId = new Map(dealRows.map((r) => [Number(r.id), r]));
    return ids.flatMap((id) => {
      const r = byId.get(id);
      return r
        ? [
            this.shape(
              r,
              lineRows.filter((l) => Number(l.deal_id) === id),
              paymentRows.filter((p) => Number(p.deal_id) === id),
              money.get(id) as Money,
            ),
          ]
        : [];
    });
  }

  private shape(
    r: DealRecord,
    lineRows: readonly LineRecord[],
    paymentRows: readonly PaymentRecord[],
    money: Money,
  ): Deal {
    const lines: DealLine[] = lineRows.map((l) => ({
      id: Number(l.id),
      kind: l.kind,
      itemId: l.item_id,
      serial: l.serial,
      description: l.description,
      amount: Number(l.amount),
      amountGbp: moneyOut(l.amount_gbp),
      vatTreatment: l.vat_treatment,
      vatGbp: moneyOut(l.vat_gbp),
      marginGbp: l.margin_gbp === null ? null : moneyOut(l.margin_gbp),
      marginVatGbp: l.margin_vat_gbp === null ? null : moneyOut(l.margin_vat_gbp),
    }));
    const payments: DealPayment[] = paymentRows.map((p) => ({
      id: Number(p.id),
      kind: p.kind,
      direction: p.direction,
      method: p.method,
      amount: Number(p.amount),
      currency: p.currency,
      exchangeRate: Number(p.exchange_rate),
      amountGbp: moneyOut(p.amount_gbp),
      date: p.payment_date,
      createdBy: p.created_by,
    }));
    const totals: DealTotals = {
      goodsGbp: moneyOut(money.goods),
      partExchangeGbp: moneyOut(money.partExchange),
      dueGbp: moneyOut(money.due),
      paidGbp: moneyOut(money.paid),
      balanceGbp: moneyOut(money.balance),
    };
    return {
      id: Number(r.id),
      reference: `D-${r.id}`,
      status: r.status,
      clientId: r.client_id,
      buyerName: r.buyer_name ?? '',
      currency: r.currency,
      exchangeRate: Number(r.exchange_rate),
      date: r.deal_date,
      collectBy: r.collect_by,
      overdue: r.overdue,
      completedOn: r.completed_on,
      cancelledOn: r.cancelled_on,
      cancelOutcome: r.cancel_outcome,
      cancelReason: r.cancel_reason,
      lines,
      payments,
      totals,
      invoice:
        r.invoice_id === null ? null : { id: Number(r.invoice_id), reference: r.invoice_ref as string },
      creditNote:
        r.credit_id === null ? null : { id: Number(r.credit_id), reference: r.credit_ref as string },
      notes: r.notes,
      channel: r.channel,
      createdBy: r.created_by,
      createdAt:
        r.created_at instanceof Date ? r.created_at.toISOString() : new Date(r.created_at).toISOString(),
    };
  }
}

export interface DealFilter {
  status?: DealStatus;
  clientId?: number;
  overdue?: boolean;
}

function where(shopId: number, filter: DealFilter, today: string, params: unknown[]): string {
  params.push(shopId);
  const parts = ['d.shop_id = $1'];
  if (filter.status !== undefined) {
    params.push(filter.status);
    parts.push(`d.status = $${params.length}`);
  }
  if (filter.clientId !== undefined) {
    params.push(filter.clientId);
    parts.push(`d.client_id = $${params.length}`);
  }
  if (filter.overdue) {
    params.push(today);
    parts.push(`d.status = 'reserved' AND d.collect_by < $${params.length}::date`);
  }
  return parts.join(' AND ');
}

interface DealRecord {
  id: string;
  status: DealStatus;
  client_id: number | null;
  buyer_name: string | null;
  currency: Currency;
  exchange_rate: string;
  deal_date: string;
  collect_by: string | null;
  completed_on: string | null;
  cancelled_on: string | null;
  cancel_outcome: LayawayCancelPolicy | null;
  cancel_reason: string;
  notes: string;
  channel: DealChannel;
  created_by: string | null;
  created_at: Date | string;
  overdue: boolean;
  invoice_id: string | null;
  invoice_ref: string | null;
  credit_id: string | null;
  credit_ref: string | null;
}

interface LineRecord {
  id: string;
  kind: DealLineKind;
  item_id: number | null;
  serial: string;
  description: string;
  amount: string;
  amount_gbp: string;
  vat_treatment: VatTreatment;
  vat_gbp: string;
  margin_gbp: string | null;
  margin_vat_gbp: string | null;
}

interface PaymentRecord {
  id: string;
  kind: DealPaymentKind;
  direction: PaymentDirection;
  method: PaymentMethod;
  amount: string;
  currency: Currency;
  exchange_rate: string;
  amount_gbp: string;
  payment_date: string;
  created_by: string | null;
}
