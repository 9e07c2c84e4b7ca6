import type { FinanceDashboard, RecentWatchSale } from '@loupe/contracts';
import type { Queryable } from '../../db/database';
import { moneyOut } from '../../kernel/money';
import { notConsigned } from '../inventory';

/** The days the dashboard's figures cover, in the shop's calendar (worked out by the route). */
export interface DashboardDays {
  today: string;
  /** Monday of today's ISO week. */
  weekStart: string;
  /** The 1st of today's month. */
  monthStart: string;
}

const SALE = "kind <> 'expense'";
const MONTH = 'day >= $4::date';
/** This month's sales paid by the methods `test` picks (a SQL condition on payment_method). */
const byMethod = (name: string, test: string) =>
  `round(coalesce(sum(amount_gbp) FILTER (WHERE ${SALE} AND ${MONTH} AND payment_method ${test}), 0), 2)::text
     AS ${name}`;

/** The dashboard's finance cards, from finance_days (006) and items. */
export class FinanceDashboardRepository {
  constructor(private readonly db: Queryable) {}

  async figures(shopId: number, d: DashboardDays): Promise<Omit<FinanceDashboard, 'recentWatchSales'>> {
    const rows = await this.db.query<Record<string, string>>(
      `WITH f AS (SELECT * FROM finance_days WHERE shop_id = $1)
       SELECT
         (SELECT round(coalesce(sum(amount_gbp), 0), 2) FROM f WHERE kind <> 'expense')::text AS all_time,
         round(coalesce(sum(amount_gbp) FILTER (WHERE ${SALE} AND ${MONTH}), 0), 2)::text AS month,
         round(coalesce(sum(amount_gbp) FILTER (WHERE ${SALE} AND day >= $3::date), 0), 2)::text AS week,
         round(coalesce(sum(amount_gbp) FILTER (WHERE ${SALE} AND day = $2::date), 0), 2)::text AS today,
         round(coalesce(sum(CASE WHEN kind = 'expense' THEN -amount_gbp ELSE amount_gbp - cost_gbp END)
           FILTER (WHERE ${MONTH}), 0), 2)::text AS profit,
         ${byMethod('card', "IN ('Credit Card', 'Debit Card')")},
         ${byMethod('cash', "= 'Cash'")},
         ${byMethod('bank', "= 'Bank Transfer'")},
         ${byMethod('other', "NOT IN ('Credit Card', 'Debit Card', 'Cash', 'Bank Transfer')")},
         (SELECT count(*) FROM stock_items i WHERE shop_id = $1 AND purchased_on BETWEEN $4::date AND $2::date
             AND ${notConsigned()})::text AS bought_n,
         (SELECT coalesce(sum(purchase_price), 0) FROM stock_items i
           WHERE shop_id = $1 AND purchased_on BETWEEN $4::date AND $2::date
             AND ${notConsigned()})::text AS bought_v
       FROM f WHERE day BETWEEN least($3::date, $4::date) AND $2::date`,
      [shopId, d.today, d.weekStart, d.monthStart],
    );
    const r = rows[0] as Record<string, string>;
    const m = (key: string) => moneyOut(r[key] ?? '0');
    return {
      today: d.today,
      revenue: { month: m('month'), allTime: m('all_time') },
      sales: { today: m('today'), week: m('week'), month: m('month') },
      purchases: { month: m('bought_v'), count: Number(r.bought_n ?? 0) },
      profitLoss: { month: m('profit') },
      salesByMethod: { card: m('card'), cash: m('cash'), bank: m('bank'), other: m('other') },
    };
  }

  /** The latest sales of watches that stand: by sale day, then the latest recorded. */
  async recentWatchSales(shopId: number, limit = 5): Promise<RecentWatchSale[]> {
    const rows = await this.db.query<Record<string, string | number | null>>(
      `SELECT s.id::text AS sale_id, s.item_id, concat_ws(' ', nullif(i.brand, ''), nullif(i.model, '')) AS what,
              i.serial, s.sale_date::text AS sale_date, s.amount_gbp::text AS price,
              coalesce(s.cost_gbp, 0)::text AS cost, (s.amount_gbp - coalesce(s.cost_gbp, 0))::text AS profit,
              CASE WHEN coalesce(s.cost_gbp, 0) = 0 THEN NULL
                   ELSE round((s.amount_gbp - s.cost_gbp) * 100 / s.cost_gbp, 1)::text END AS percent
         FROM sale_records s JOIN stock_items i ON i.id = s.item_id
        WHERE s.shop_id = $1 AND i.stock_type = 'Watches'
          -- Sales that stand: neither a reversal nor voided by one (issue 12).
          AND s.reversal_of IS NULL AND NOT EXISTS (SELECT 1 FROM sale_records r WHERE r.reversal_of = s.id)
        ORDER BY s.sale_date DESC, s.id DESC LIMIT $2`,
      [shopId, limit],
    );
    return rows.map((r) => ({
      saleId: Number(r.sale_id),
      itemId: r.item_id === null ? null : Number(r.item_id),
      watch: (r.what as string) || (r.serial as string),
      serial: r.serial as string,
      saleDate: r.sale_date as string,
      salePrice: moneyOut(r.price as string),
      cost: moneyOut(r.cost as string),
      profit: moneyOut(r.profit as string),
      profitPercent: r.percent === null ? null : Number(r.percent),
    }));
  }
}
