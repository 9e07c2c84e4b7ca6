import {
  PAYMENT_METHODS,
  STOCK_TYPES,
  type AmountCount,
  type ClientReportLine,
  type PaymentMethod,
  type ReportDetails,
  type ReportRow,
  type ReportTotals,
  type ReportType,
  type StockType,
} from '@loupe/contracts';
import { notConsigned } from '../inventory';
import type { Queryable } from '../../db/database';
import { moneyOut } from '../../kernel/money';

/** The days a report covers and how they group into rows (worked out by the route from the shop's today). */
export interface ReportWindow {
  type: ReportType;
  from: string;
  to: string;
  /** First day of the last row. */
  lastStart: string;
  bucket: 'day' | 'week' | 'month';
}

const STEP = { day: '1 day', week: '7 days', month: '1 month' } as const;

/*
 * The three columns per report type, over one period's sums (see ReportQuery in the contracts):
 *   sales, cost, expenses: every sale (stock items and quick sales), their cost, the expenses
 *   item_sales, item_cost: stock items sold only; bought: stock bought (purchase prices by purchase day)
 */
const COLUMNS: Record<
  'trading' | 'purchases' | 'stock_summary',
  { sales: string; expenses: string; profit: string }
> = {
  trading: { sales: 'sales', expenses: 'expenses', profit: 'sales - cost - expenses' },
  purchases: { sales: 'sales', expenses: 'bought + expenses', profit: 'sales - bought - expenses' },
  stock_summary: { sales: 'item_sales', expenses: 'item_cost', profit: 'item_sales - item_cost' },
};
const columnsOf = (type: ReportType) =>
  type === 'purchases' || type === 'stock_summary' ? COLUMNS[type] : COLUMNS.trading;

const pair = (n: unknown, amount: unknown): AmountCount => ({
  count: Number(n ?? 0),
  amount: moneyOut((amount as string | null) ?? '0'),
});

export interface Summary {
  rows: ReportRow[];
  totals: ReportTotals;
  /** The same figures as the database wrote them ("1234.50"), for the CSV. */
  text: { rows: string[][]; totals: string[] };
}

export interface ClientKey {
  sortName: string;
  id: number;
}

export interface ClientLineRow extends ClientKey {
  line: ClientReportLine;
}

/** Reports, computed in the database from finance_days (kept by 006's triggers), items and clients. */
export class ReportsRepository {
  constructor(private readonly db: Queryable) {}

  /** Today in the shop's own time zone. */
  async shopToday(shopId: number, at: Date): Promise<string> {
    const rows = await this.db.query<{ today: string }>(
      `SELECT (($2::timestamptz) AT TIME ZONE timezone)::date::text AS today FROM shop_directory WHERE id = $1`,
      [shopId, at],
    );
    return rows[0]?.today ?? at.toISOString().slice(0, 10);
  }

  /** One row per period (empty periods too) and the totals, as exact decimals rounded to pence. */
  async summary(shopId: number, w: ReportWindow): Promise<Summary> {
    const c = columnsOf(w.type);
    const rows = await this.db.query<{ part: number; date: string | null; s: string; e: string; p: string }>(
      `WITH periods AS (
         SELECT p::date AS start FROM generate_series($2::timestamp, $3::timestamp, $4::interval) AS p
       ), f AS (
         SELECT date_trunc($5, day::timestamp)::date AS start,
                sum(amount_gbp) FILTER (WHERE kind <> 'expense') AS sales,
                sum(cost_gbp) FILTER (WHERE kind <> 'expense') AS cost,
                sum(amount_gbp) FILTER (WHERE kind = 'item') AS item_sales,
                sum(cost_gbp) FILTER (WHERE kind = 'item') AS item_cost,
                sum(amount_gbp) FILTER (WHERE kind = 'expense') AS expenses
           FROM finance_days WHERE shop_id = $1 AND day BETWEEN $2::date AND $6::date GROUP BY 1
       ), b AS (
         SELECT date_trunc($5, purchased_on::timestamp)::date AS start, sum(purchase_price) AS bought
           FROM stock_items i WHERE $7 AND shop_id = $1 AND purchased_on BETWEEN $2::date AND $6::date
            AND ${notConsigned()} GROUP BY 1
       ), v AS (
         SELECT periods.start, coalesce(f.sales, 0) AS sales, coalesce(f.cost, 0) AS cost,
                coalesce(f.item_sales, 0) AS item_sales, coalesce(f.item_cost, 0) AS item_cost,
                coalesce(f.expenses, 0) AS expenses, coalesce(b.bought, 0) AS bought
           FROM periods LEFT JOIN f ON f.start = periods.start LEFT JOIN b ON b.start = periods.start
       ), r AS (
         SELECT start, ${c.sales} AS s, ${c.expenses} AS e, ${c.profit} AS p FROM v
       )
       SELECT 0 AS part, start::text AS date, round(s, 2)::text AS s, round(e, 2)::text AS e,
              round(p, 2)::text AS p FROM r
       UNION ALL
       SELECT 1, NULL, round(coalesce(sum(s), 0), 2)::text, round(coalesce(sum(e), 0), 2)::text,
              round(coalesce(sum(p), 0), 2)::text FROM r
       ORDER BY part, date`,
      [shopId, w.from, w.lastStart, STEP[w.bucket], w.bucket, w.to, w.type === 'purchases'],
    );
    const money = (r: { s: string; e: string; p: string }) => ({
      sales: moneyOut(r.s),
      expenses: moneyOut(r.e),
      profit: moneyOut(r.p),
    });
    const total = rows.find((r) => r.part === 1) as { s: string; e: string; p: string };
    const periods = rows.filter((r) => r.part === 0);
    return {
      rows: periods.map((r) => ({ date: r.date as string, ...money(r) })),
      totals: money(total),
      text: {
        rows: periods.map((r) => [r.date as string, r.s, r.e, r.p]),
        totals: [total.s, total.e, total.p],
      },
    };
  }

  /** The figures of finance_days over the window, by kind. */
  private async kinds(shopId: number, w: ReportWindow) {
    const rows = await this.db.query<Record<string, string | null>>(
      `SELECT sum(n) FILTER (WHERE kind = 'item') AS item_n, sum(amount_gbp) FILTER (WHERE kind = 'item') AS item_gbp,
              sum(n) FILTER (WHERE kind = 'quick') AS quick_n, sum(amount_gbp) FILTER (WHERE kind = 'quick') AS quick_gbp,
              sum(n) FILTER (WHERE kind = 'expense') AS exp_n,
              round(coalesce(sum(amount_gbp) FILTER (WHERE kind = 'expense'), 0), 2)::text AS exp_gbp,
              round(coalesce(sum(amount_gbp) FILTER (WHERE kind <> 'expense'), 0), 2)::text AS revenue,
              round(coalesce(sum(cost_gbp), 0), 2)::text AS cost,
              round(coalesce(sum(amount_gbp - cost_gbp) FILTER (WHERE kind <> 'expense'), 0), 2)::text AS gross,
              round(coalesce(sum(CASE WHEN kind = 'expense' THEN -amount_gbp ELSE amount_gbp - cost_gbp END), 0), 2)::text
                AS net
         FROM finance_days WHERE shop_id = $1 AND day BETWEEN $2::date AND $3::date`,
      [shopId, w.from, w.to],
    );
    return rows[0] as Record<string, string | null>;
  }

  /** The extra figures of each report type (ReportDetails in the contracts). */
  async details(shopId: number, w: ReportWindow, clientLimit: number): Promise<ReportDetails> {
    switch (w.type) {
      case 'sales': {
        const k = await this.kinds(shopId, w);
        return {
          kind: 'sales',
          itemSales: pair(k.item_n, k.item_gbp),
          quickSales: pair(k.quick_n, k.quick_gbp),
          costOfGoods: moneyOut(k.cost as string),
        };
      }
      case 'profit_loss': {
        const k = await this.kinds(shopId, w);
        return {
          kind: 'profit_loss',
          revenue: moneyOut(k.revenue as string),
          costOfGoods: moneyOut(k.cost as string),
          grossProfit: moneyOut(k.gross as string),
          expenses: moneyOut(k.exp_gbp as string),
          netProfit: moneyOut(k.net as string),
        };
      }
      case 'purchases': {
        const k = await this.kinds(shopId, w);
        const bought = await this.db.query<{ n: string; v: string }>(
          `SELECT count(*)::text AS n, coalesce(sum(purchase_price), 0)::text AS v
             FROM stock_items i WHERE shop_id = $1 AND purchased_on BETWEEN $2::date AND $3::date
              AND ${notConsigned()}`,
          [shopId, w.from, w.to],
        );
        const b = bought[0] as { n: string; v: string };
        return { kind: 'purchases', itemsBought: pair(b.n, b.v), expenses: pair(k.exp_n, k.exp_gbp) };
      }
      case 'stock_summary': {
        const k = await this.kinds(shopId, w);
        const byType = await this.stockByType(shopId);
        const total = byType.find((r) => r.stockType === null) as StockLine;
        return {
          kind: 'stock_summary',
          sold: pair(k.item_n, k.item_gbp),
          inStock: { count: total.count, amount: total.amount },
          byStockType: Object.fromEntries(
            STOCK_TYPES.map((t) => {
              const line = byType.find((r) => r.stockType === t);
              return [t, { count: line?.count ?? 0, amount: line?.amount ?? 0 }];
            }),
          ) as Record<StockType, AmountCount>,
        };
      }
      case 'sales_by_method':
        return { kind: 'sales_by_method', byMethod: await this.byMethod(shopId, w) };
      case 'client_balances': {
        const rows = await this.db.query<{ n: number; dn: string; dv: string; cn: string; cv: string }>(
          `SELECT count(*)::int AS n,
                  count(*) FILTER (WHERE balance < 0)::text AS dn,
                  coalesce(-sum(balance) FILTER (WHERE balance < 0), 0)::text AS dv,
                  count(*) FILTER (WHERE balance > 0)::text AS cn,
                  coalesce(sum(balance) FILTER (WHERE balance > 0), 0)::text AS cv
             FROM client_directory WHERE shop_id = $1`,
          [shopId],
        );
        const a = rows[0] as { n: number; dn: string; dv: string; cn: string; cv: string };
        const lines = await this.clientBalances(shopId, null, clientLimit);
        return {
          kind: 'client_balances',
          clients: lines.map((l) => l.line),
          clientCount: a.n,
          debtors: pair(a.dn, a.dv),
          creditors: pair(a.cn, a.cv),
        };
      }
      case 'client_report': {
        const lines = await this.clientActivity(shopId, w, null, clientLimit);
        const count = lines.length < clientLimit ? lines.length : await this.clientActivityCount(shopId, w);
        return { kind: 'client_report', clients: lines.map((l) => l.line), clientCount: count };
      }
    }
  }

  /** Stock on hand (every status but sold) per stock type, and the total as the row with stockType null. */
  async stockByType(shopId: number): Promise<StockLine[]> {
    const rows = await this.db.query<{ t: string | null; n: string; v: string }>(
      `SELECT stock_type AS t, count(*)::text AS n, coalesce(sum(purchase_price), 0)::text AS v
         FROM stock_items i WHERE shop_id = $1 AND status <> 'sold' AND ${notConsigned()}
        GROUP BY ROLLUP (stock_type) ORDER BY stock_type NULLS LAST`,
      [shopId],
    );
    const lines = rows.map((r) => ({
      stockType: r.t as StockType | null,
      count: Number(r.n),
      amount: moneyOut(r.v),
    }));
    if (!lines.some((l) => l.stockType === null)) lines.push({ stockType: null, count: 0, amount: 0 });
    return lines;
  }

  /** Sales in the window per payment method, every method of the list in its order. */
  async byMethod(shopId: number, w: ReportWindow) {
    const rows = await this.db.query<{ method: string; n: string | null; v: string | null }>(
      `SELECT m.method, sum(f.n)::text AS n, sum(f.amount_gbp)::text AS v
         FROM unnest($4::text[]) WITH ORDINALITY AS m (method, position)
         LEFT JOIN finance_days f ON f.shop_id = $1 AND f.day BETWEEN $2::date AND $3::date
                                  AND f.kind <> 'expense' AND f.payment_method = m.method
        GROUP BY m.method, m.position ORDER BY m.position`,
      [shopId, w.from, w.to, [...PAYMENT_METHODS]],
    );
    return rows.map((r) => ({ method: r.method as PaymentMethod, ...pair(r.n, r.v) }));
  }

  // ---------------------------------------------------------------- clients (keyset pages: name, then id)

  /** Every client of the shop with the current balance, in name order, `limit` after `after`. */
  async clientBalances(shopId: number, after: ClientKey | null, limit: number): Promise<ClientLineRow[]> {
    const rows = await this.db.query<ClientRow>(
      `SELECT c.id, lower(c.name) AS sort_name, c.name, c.email, c.status, c.balance::text AS balance
         FROM client_directory c
        WHERE c.shop_id = $1 AND (lower(c.name), c.id) > ($2, $3)
        ORDER BY lower(c.name), c.id LIMIT $4`,
      [shopId, after?.sortName ?? '', after?.id ?? 0, limit],
    );
    return rows.map(clientLine);
  }

  private static readonly ACTIVITY = `
      SELECT c.id, lower(c.name) AS sort_name, c.name, c.email, c.status, c.balance::text AS balance,
             s.n::text AS sales_n, round(coalesce(s.v, 0), 2)::text AS sales_v,
             round(coalesce(l.v, 0), 2)::text AS ledger_v, co.n::text AS out_n
        FROM client_directory c
        CROSS JOIN LATERAL (SELECT sum(CASE WHEN reversal_of IS NULL THEN 1 ELSE -1 END) AS n, count(*) AS k,
                                   sum(amount_gbp) AS v FROM sale_records
                             WHERE client_id = c.id AND shop_id = $1 AND sale_date BETWEEN $2::date AND $3::date) s
        CROSS JOIN LATERAL (SELECT count(*) AS n, sum(amount_gbp) AS v FROM client_ledger_entries
                             WHERE client_id = c.id AND entry_date BETWEEN $2::date AND $3::date) l
        CROSS JOIN LATERAL (SELECT count(*) AS n FROM stock_checkouts WHERE client_id = c.id AND returned_at IS NULL) co
       WHERE c.shop_id = $1 AND (s.k > 0 OR l.n > 0 OR co.n > 0)`;

  /** Clients with sales or ledger entries in the window or an item out on approval, in name order. */
  async clientActivity(
    shopId: number,
    w: ReportWindow,
    after: ClientKey | null,
    limit: number,
  ): Promise<ClientLineRow[]> {
    const rows = await this.db.query<ClientRow>(
      `${ReportsRepository.ACTIVITY} AND (lower(c.name), c.id) > ($4, $5) ORDER BY lower(c.name), c.id LIMIT $6`,
      [shopId, w.from, w.to, after?.sortName ?? '', after?.id ?? 0, limit],
    );
    return rows.map(clientLine);
  }

  async clientActivityCount(shopId: number, w: ReportWindow): Promise<number> {
    const rows = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (${ReportsRepository.ACTIVITY}) a`,
      [shopId, w.from, w.to],
    );
    return rows[0]?.n ?? 0;
  }

  // ---------------------------------------------------------------- entries (the CSV's line listing)

  /**
   * The sales, expenses and purchases behind a report, by day, then source (sales, expenses, purchases), then
   * id: `limit` entries after `after`. Each source is read along its (shop, day, id) index from where the
   * last page stopped, so a page costs the same at the start and at the end of a million rows.
   */
  async entries(
    shopId: number,
    w: ReportWindow,
    sources: EntrySources,
    after: EntryKey | null,
    limit: number,
  ): Promise<EntryLine[]> {
    const key = after ?? { day: w.from, source: 0, id: '0' };
    // Within the key's day, a source before the key's is done, the key's own resumes after its id.
    const bound = (source: number) =>
      source < key.source ? '9223372036854775807' : source === key.source ? key.id : '0';
    const params: unknown[] = [shopId, w.to, key.day, limit];
    const parts: string[] = [];
    const p = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    if (sources.sales !== 'none') {
      parts.push(`(SELECT sale_date AS day, 1 AS source, id,
          concat(CASE WHEN reversal_of IS NOT NULL THEN 'Void of ' END,
                 CASE WHEN item_id IS NULL THEN 'Quick Sale' ELSE 'Sale' END, ' #' || reversal_of) AS entry,
          name, payment_method, currency,
          CASE WHEN currency = 'BTC' THEN trim_scale(amount)::text ELSE round(amount, 2)::text END AS amount,
          trim_scale(exchange_rate)::text AS rate, amount_gbp::text AS gbp,
          CASE WHEN item_id IS NULL THEN '' ELSE coalesce(cost_gbp, 0)::text END AS cost
        FROM sale_records WHERE shop_id = $1 AND (sale_date, id) > ($3::date, ${p(bound(1))}::bigint)
          AND sale_date <= $2::date${sources.sales === 'items' ? ' AND item_id IS NOT NULL' : ''}
        ORDER BY sale_date, id LIMIT $4)`);
    }
    if (sources.expenses) {
      parts.push(`(SELECT expense_date AS day, 2 AS source, id,
          concat(CASE WHEN reversal_of IS NOT NULL THEN 'Void of ' END, 'Expense', ' #' || reversal_of) AS entry,
          name, payment_method, currency,
          CASE WHEN currency = 'BTC' THEN trim_scale(amount)::text ELSE round(amount, 2)::text END AS amount,
          trim_scale(exchange_rate)::text AS rate, amount_gbp::text AS gbp, '' AS cost
        FROM expenses WHERE shop_id = $1 AND (expense_date, id) > ($3::date, ${p(bound(2))}::bigint)
          AND expense_date <= $2::date
        ORDER BY expense_date, id LIMIT $4)`);
    }
    if (sources.purchases) {
      parts.push(`(SELECT purchased_on AS day, 3 AS source, id::bigint AS id, 'Purchase' AS entry,
          concat_ws(' ', nullif(brand, ''), nullif(model, ''), serial) AS name, '' AS payment_method,
          'GBP' AS currency, purchase_price::text AS amount, '1' AS rate, purchase_price::text AS gbp, '' AS cost
        FROM stock_items i WHERE shop_id = $1 AND (purchased_on, id) > ($3::date, ${p(bound(3))}::bigint)
          AND purchased_on <= $2::date AND ${notConsigned()}
        ORDER BY purchased_on, id LIMIT $4)`);
    }
    const rows = await this.db.query<EntryLine & { day: string; id: string }>(
      `SELECT day::text AS day, source, id::text AS id, entry, name, payment_method AS "paymentMethod", currency,
              amount, rate, gbp, cost
         FROM (${parts.join(' UNION ALL ')}) e ORDER BY e.day, e.source, e.id LIMIT $4`,
      params,
    );
    return rows;
  }
}

/** Which entries a report's CSV lists. */
export interface EntrySources {
  sales: 'all' | 'items' | 'none';
  expenses: boolean;
  purchases: boolean;
}

export interface EntryKey {
  day: string;
  source: number;
  id: string;
}

/** One line of the entry listing, every value already text as the CSV writes it. */
export interface EntryLine extends EntryKey {
  entry: string;
  name: string;
  paymentMethod: string;
  currency: string;
  amount: string;
  rate: string;
  gbp: string;
  cost: string;
}

interface ClientRow {
  id: number;
  sort_name: string;
  name: string;
  email: string;
  status: string;
  balance: string;
  sales_n?: string;
  sales_v?: string;
  ledger_v?: string;
  out_n?: string;
}

function clientLine(r: ClientRow): ClientLineRow {
  const line: ClientReportLine = {
    clientId: r.id,
    name: r.name,
    email: r.email,
    status: r.status as ClientReportLine['status'],
    balance: moneyOut(r.balance),
  };
  if (r.sales_n !== undefined) {
    line.sales = pair(r.sales_n, r.sales_v);
    line.ledgerNet = moneyOut(r.ledger_v ?? '0');
    line.checkedOut = Number(r.out_n ?? 0);
  }
  return { sortName: r.sort_name, id: r.id, line };
}

export interface StockLine {
  stockType: StockType | null;
  count: number;
  amount: number;
}
