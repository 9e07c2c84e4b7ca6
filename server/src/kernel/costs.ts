import {
  COSTS_NOT_ALLOWED,
  COST_ITEM_FILTERS,
  COST_ITEM_ORDERINGS,
  reportNeedsCosts,
  type Deal,
  type InventorySummary,
  type Invoice,
  type ItemConsignment,
  type ItemRow,
  type ItemTransaction,
  type StockAging,
} from '@loupe/contracts';
import { ApiError } from './http-errors';
import { callerCan, requireAction, type ShopCaller } from './shop-scope';

/*
 * COSTS AND PROFIT (issue 21, item 6): what a caller who may not do 'viewCosts' (contracts' permissions.ts:
 * silver, unless the shop lets silver see costs) gets from an answer that would reveal what stock cost or made.
 * The figures are LEFT OUT — never sent as 0, which would read as a real figure — and what is cost through and
 * through is refused (403 COSTS_NOT_ALLOWED). Every such answer is shaped here, once; the route handlers call
 * these on their way out. The endpoint-by-endpoint table is in server/README.md ("Costs and profit").
 */

/** Whether the caller may see purchase prices, stock value at cost, profit and margins. */
export const seesCosts = (caller: ShopCaller): boolean => callerCan(caller, 'viewCosts');

/** A 403 COSTS_NOT_ALLOWED unless the caller may see costs. */
export const requireCosts = (caller: ShopCaller): void =>
  requireAction(caller, 'viewCosts', COSTS_NOT_ALLOWED);

/** Consignment terms without the agreed cost (it is the item's cost once it sells). */
function consignmentTerms(terms: ItemConsignment | null): ItemConsignment | null {
  if (!terms) return terms;
  const { agreedCost: _cost, ...rest } = terms;
  return rest;
}

/** An item or list row as the caller may see it: without purchase price, transactions and agreed cost. */
export function itemFor<T extends ItemRow & { transactions?: ItemTransaction[] }>(
  caller: ShopCaller,
  item: T,
): T {
  if (seesCosts(caller)) return item;
  const { purchasePrice: _price, transactions: _transactions, ...rest } = item;
  return { ...rest, consignment: consignmentTerms(item.consignment) } as T;
}

/** A page of list rows as the caller may see them. */
export function pageFor<T extends ItemRow, P extends { results: T[] }>(caller: ShopCaller, page: P): P {
  if (seesCosts(caller)) return page;
  return { ...page, results: page.results.map((row) => itemFor(caller, row)) };
}

/**
 * Runs a write that answers an item, shaping the answer and the item a 409/412 carries (`current`) alike, so a
 * stale edit does not hand the purchase price back either.
 */
export async function itemAnswer<T extends ItemRow>(caller: ShopCaller, work: () => Promise<T>): Promise<T> {
  try {
    return itemFor(caller, await work());
  } catch (error) {
    if (error instanceof ApiError && 'current' in error.body && !seesCosts(caller)) {
      const body = error.body as unknown as { current: ItemRow };
      throw new ApiError(
        error.statusCode,
        { ...body, current: itemFor(caller, body.current) } as unknown as ApiError['body'],
        error.headers,
      );
    }
    throw error;
  }
}

/** A 403 for the stock list's filters and orderings that read the purchase price, unless the caller may. */
export function requireCostsForQuery(caller: ShopCaller, query: Readonly<Record<string, unknown>>): void {
  const reads =
    COST_ITEM_FILTERS.some((name) => query[name] !== undefined) ||
    (typeof query.ordering === 'string' && COST_ITEM_ORDERINGS.includes(query.ordering));
  if (reads) requireCosts(caller);
}

/** The inventory dashboard's summary without stock value at cost and the recent purchases' prices and markups. */
export function summaryFor(caller: ShopCaller, summary: InventorySummary): InventorySummary {
  if (seesCosts(caller)) return summary;
  const count = ({ count }: { count: number }) => ({ count });
  const { inStockValue: _value, byStockType, recentPurchases, ...rest } = summary;
  return {
    ...rest,
    byStockType: {
      Watches: count(byStockType.Watches),
      Jewellery: count(byStockType.Jewellery),
      Accessories: count(byStockType.Accessories),
    },
    recentPurchases: recentPurchases.map(
      ({ purchasePrice: _price, expectedMarkupPercent: _markup, ...purchase }) => purchase,
    ),
  };
}

/** Aged stock without the 90+ card's cost and the overdue consignments' agreed costs. */
export function agingFor(caller: ShopCaller, aging: StockAging): StockAging {
  if (seesCosts(caller)) return aging;
  return {
    ...aging,
    over90: { count: aging.over90.count },
    consignmentOverdue: aging.consignmentOverdue.map(({ agreedCost: _cost, ...line }) => line),
  };
}

/** A 403 for a report type that is costs through and through (contracts' COST_REPORT_TYPES). */
export function requireCostsForReport(caller: ShopCaller, type: string): void {
  if (reportNeedsCosts(type)) requireCosts(caller);
}

/** Report rows or totals without profit (with sales and expenses it gives the cost of the stock sold). */
export function withoutProfit<T extends { profit?: number }>(caller: ShopCaller, line: T): T {
  if (seesCosts(caller)) return line;
  const { profit: _profit, ...rest } = line;
  return rest as T;
}

/** An invoice or credit note without its margin and VAT on the margin (price − margin is the cost). */
export function invoiceFor(caller: ShopCaller, invoice: Invoice): Invoice {
  if (seesCosts(caller)) return invoice;
  const { marginGbp: _margin, marginVatGbp: _vat, ...rest } = invoice;
  return rest;
}

/** A deal whose lines leave out their margin and VAT on the margin. */
export function dealFor(caller: ShopCaller, deal: Deal): Deal {
  if (seesCosts(caller)) return deal;
  return {
    ...deal,
    lines: deal.lines.map(({ marginGbp: _margin, marginVatGbp: _vat, ...line }) => line),
  };
}
