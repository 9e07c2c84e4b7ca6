import { NO_BRAND_LABEL, type MarginLine } from '@loupe/contracts';
import type { Queryable } from '../../db/database';
import { moneyOut, penceOf, poundsOf } from '../../kernel/money';
import type { DayRange } from './stock-input';

interface LineRecord {
  brand: string | null;
  n: number;
  s: string;
  c: string;
  m: string;
  pct: string | null;
}

/** The figures as decimal text, for the CSV (exact, 2 decimals; % with 1). */
export interface MarginText {
  label: string;
  sales: number;
  salesGbp: string;
  costGbp: string;
  marginGbp: string;
  marginPercent: string;
  repairGbp: string;
  shopMarginGbp: string;
}

export interface MarginFigures {
  rows: MarginLine[];
  totals: MarginLine;
  text: { rows: MarginText[]; totals: MarginText };
}

const FIGURES = `sum(n)::int AS n, round(sum(amount_gbp), 2)::text AS s, round(sum(cost_gbp), 2)::text AS c,
  round(sum(amount_gbp) - sum(cost_gbp), 2)::text AS m,
  CASE WHEN sum(amount_gbp) <> 0
       THEN round((sum(amount_gbp) - sum(cost_gbp)) * 100 / sum(amount_gbp), 1)::text END AS pct`;

function toLine(
  r: LineRecord,
  brand: string,
  label: string,
  repair: string,
): { line: MarginLine; text: MarginText } {
  const shop = poundsOf(penceOf(r.m) - penceOf(repair));
  return {
    line: {
      brand,
      label,
      sales: r.n,
      salesGbp: moneyOut(r.s),
      costGbp: moneyOut(r.c),
      marginGbp: moneyOut(r.m),
      marginPercent: r.pct === null ? null : Number(r.pct),
      repairGbp: moneyOut(repair),
      shopMarginGbp: moneyOut(shop),
    },
    text: {
      label,
      sales: r.n,
      salesGbp: r.s,
      costGbp: r.c,
      marginGbp: r.m,
      marginPercent: r.pct ?? '',
      repairGbp: repair,
      shopMarginGbp: shop,
    },
  };
}

/**
 * Margin by brand (issue 14) from brand_days (migration 015), which the sales trigger keeps per shop, day and
 * brand: a range reads at most days × brands rows, however many sales the shop has made.
 */
export class MarginsRepository {
  constructor(private readonly db: Queryable) {}

  async report(shopId: number, range: DayRange): Promise<MarginFigures> {
    const params = [shopId, range.from, range.to];
    const where = 'shop_id = $1 AND day BETWEEN $2::date AND $3::date';
    const [rows, totals] = await Promise.all([
      this.db.query<LineRecord>(
        `SELECT brand, ${FIGURES} FROM brand_days WHERE ${where} GROUP BY brand
         HAVING sum(n) <> 0 OR sum(amount_gbp) <> 0 OR sum(cost_gbp) <> 0
          ORDER BY sum(amount_gbp) DESC, brand`,
        params,
      ),
      this.db.query<LineRecord>(`SELECT NULL AS brand, ${FIGURES} FROM brand_days WHERE ${where}`, params),
    ]);
    // The workshop's repair costs of the items sold in the range (issue 23 item 5: item_repair_costs, published
    // by the workshop), by the brand the item has, a void's taken back on its day as brand_days does.
    const repairs = await this.db.query<{ brand: string; r: string }>(
      `SELECT coalesce(i.brand, '') AS brand,
              round(sum(CASE WHEN s.reversal_of IS NULL THEN rc.cost_gbp ELSE -rc.cost_gbp END), 2)::text AS r
         FROM sale_records s
         JOIN item_repair_costs rc ON rc.item_id = s.item_id
         JOIN stock_items i ON i.id = s.item_id
        WHERE s.shop_id = $1 AND s.sale_date BETWEEN $2::date AND $3::date
        GROUP BY 1`,
      params,
    );
    const repairOf = new Map(repairs.map((x) => [x.brand, x.r]));
    const repairTotal = poundsOf(repairs.reduce((sum, x) => sum + penceOf(x.r), 0n));
    const lines = rows.map((r) =>
      toLine(r, r.brand ?? '', r.brand ? r.brand : NO_BRAND_LABEL, repairOf.get(r.brand ?? '') ?? '0.00'),
    );
    const total = toLine(
      { brand: null, n: 0, s: '0.00', c: '0.00', m: '0.00', pct: null, ...dropNulls(totals[0]) },
      '',
      'Total',
      repairTotal,
    );
    return {
      rows: lines.map((l) => l.line),
      totals: total.line,
      text: { rows: lines.map((l) => l.text), totals: total.text },
    };
  }
}

/** An empty range sums to NULLs: those fields keep the zero defaults. */
function dropNulls(r: LineRecord | undefined): Partial<LineRecord> {
  if (!r) return {};
  return Object.fromEntries(Object.entries(r).filter(([, v]) => v !== null)) as Partial<LineRecord>;
}
