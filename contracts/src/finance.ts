import { Type, type Static } from '@sinclair/typebox';
import {
  Choice,
  CurrencySchema,
  DateString,
  DecimalInput,
  ListOf,
  Nullable,
  PagingQuery,
  PaymentMethodSchema,
  Text,
} from './common';
import { REPORT_RANGE_KEYS, REPORT_TYPE_KEYS } from './constants';
import { ClientStatusSchema } from './clients';
import { VoidInfo } from './corrections';
import { InvoiceRef } from './documents';

/*
 * Finance (SPEC §2 /expenses, /quicksales, /expenselist, /reports, the dashboard; §3; §9; issue 6).
 * Endpoints: `endpoints.expenses`, `.quickSales`, `.reports`, `.dashboard` and `.pins` (endpoints.ts). Every
 * endpoint needs a signed-in member of a shop (any role) and only ever sees that shop's records.
 *
 * MONEY AND CURRENCIES — reports are in GBP. An expense or quick sale is recorded in its own currency with
 * the exchange rate of that moment (GBP per unit of the currency; 1 for GBP, required for USD, EUR and BTC), and
 * its GBP value is fixed when it is saved:  amountGbp = round2(amount × exchangeRate)  (exact decimals,
 * halves away from zero). Reports and the dashboard sum amountGbp, so a report never changes because a rate
 * moved later. Amounts: > 0, at most 2 decimals and 12 whole digits (BTC: 8 decimals, 7 whole digits); exchange
 * rates > 0, at most 8 decimals and 7 whole digits (so every value reads back exactly as a JSON number).
 *
 * DAYS — "today", weeks and months are days in the shop's time zone (Europe/London by default): a sale saved
 * at 23:30 UTC on a British Summer Time day belongs to the next London day. Weeks are ISO weeks (Monday to
 * Sunday).
 */

// ---------------------------------------------------------------- expenses and quick sales

/**
 * `POST /api/expenses/` and `POST /api/quick-sales/` → 201 with the saved Expense / QuickSale.
 * - name: required, trimmed, ≤ 200 characters (`{"name": ["This field is required."]}` /
 *   `["This field may not be blank."]`)
 * - amount: required, a JSON number or numeric string, > 0 (`["Ensure this value is greater than 0."]`),
 *   ≤ 2 decimals and ≤ 12 whole digits (BTC: ≤ 8 and ≤ 7), its GBP value ≤ 12 whole digits
 * - currency: GBP (default) | USD | EUR | BTC
 * - exchangeRate: GBP per unit, ≤ 8 decimals and ≤ 7 whole digits; default 1; must be 1 (or omitted) for GBP
 *   and is required for the others
 * - payment_method: one of PAYMENT_METHODS, default Cash
 * - notes: default ''; date: YYYY-MM-DD, default today in the shop's time zone
 * currency and payment_method are plain strings here on purpose: the server checks them itself, because the
 * amount's rule depends on the currency and a schema error is answered before any of the server's checks run
 * (a bad currency and a bad amount would come back in two answers instead of one).
 */
export const FinanceEntryCreate = Type.Object(
  {
    name: Text({ maxLength: 1000 }),
    amount: DecimalInput,
    currency: Type.Optional(Text({ maxLength: 8 })),
    exchangeRate: Type.Optional(DecimalInput),
    payment_method: Type.Optional(Text({ maxLength: 32 })),
    notes: Type.Optional(Text({ maxLength: 5000, multiline: true })),
    date: Type.Optional(DateString),
  },
  { additionalProperties: false },
);
export type FinanceEntryCreate = Static<typeof FinanceEntryCreate>;
export const ExpenseCreate = FinanceEntryCreate;
export type ExpenseCreate = Static<typeof ExpenseCreate>;
/**
 * A quick sale also names its buyer for the invoice (issue 13): clientId (a client of this shop; 400 `Invalid pk`
 * otherwise) or buyerName (a walk-in), both optional.
 */
export const QuickSaleCreate = Type.Object(
  {
    ...FinanceEntryCreate.properties,
    clientId: Type.Optional(Nullable(Type.Integer())),
    buyerName: Type.Optional(Text({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type QuickSaleCreate = Static<typeof QuickSaleCreate>;

const entryFields = {
  id: Type.Integer(),
  name: Type.String(),
  /** In `currency` (up to 8 decimals for BTC). */
  amount: Type.Number(),
  currency: CurrencySchema,
  exchangeRate: Type.Number(),
  /** round2(amount × exchangeRate): what the reports sum. */
  amountGbp: Type.Number(),
  payment_method: PaymentMethodSchema,
  notes: Type.String(),
  /** Set when the entry was voided (issue 12); the entry itself is never changed otherwise. */
  voided: Nullable(VoidInfo),
  /** On a reversal entry (negative amounts, dated the day of the void): the id of the entry it reverses. */
  reversalOf: Nullable(Type.Integer()),
};

export const Expense = Type.Object({ ...entryFields, expense_date: DateString });
export type Expense = Static<typeof Expense>;

/** A sale without a stock item (a `sales` row with no item). */
export const QuickSale = Type.Object({
  ...entryFields,
  sale_date: DateString,
  clientId: Nullable(Type.Integer()),
  clientName: Nullable(Type.String()),
  buyerName: Type.String(),
  /** Its invoice, or on a reversal its credit note (issue 13); null only for sales made before invoices. */
  invoice: Nullable(InvoiceRef),
});
export type QuickSale = Static<typeof QuickSale>;

export const ExpenseList = ListOf(Expense);
export type ExpenseList = Static<typeof ExpenseList>;
export const QuickSaleList = ListOf(QuickSale);
export type QuickSaleList = Static<typeof QuickSaleList>;

/**
 * `GET /api/expenses/` and `GET /api/quick-sales/` → ExpenseList / QuickSaleList, newest first (date, then the
 * latest saved). page (1-based; past the end → 404 `{"detail": "Invalid page."}`), page_size 10|25|50|100
 * (default 10), date_from / date_to: YYYY-MM-DD, inclusive (date_from after date_to → 400 on date_to).
 */
export const FinanceEntryQuery = Type.Object(
  { ...PagingQuery, date_from: Type.Optional(DateString), date_to: Type.Optional(DateString) },
  { additionalProperties: false },
);
export type FinanceEntryQuery = Static<typeof FinanceEntryQuery>;

// ---------------------------------------------------------------- reports

/**
 * `GET /api/reports/?type=&range=&from=&to=` → Report; `GET /api/reports/csv/?` the same query → the same
 * report as a CSV download.
 *
 * RANGES (T = today in the shop's time zone; `date` of a row = the first day of its period):
 * - daily:   the last 7 days, T−6 … T, one row per day
 * - weekly:  the last 8 ISO weeks (Monday–Sunday) up to the current one, one row per week
 * - monthly: the last 12 calendar months up to the current one, one row per month (date = the 1st)
 * - custom:  from … to (both required, YYYY-MM-DD, from ≤ to, at most 366 days), one row per day
 * `from`/`to` are ignored by the other ranges. The answer's `from` is the first day of the first period, its
 * `to` the last day of the last period (custom: as asked; the others: T).
 *
 * COLUMNS per type (all GBP, exact; every sale counts, stock items sold and quick sales alike):
 * - sales, profit_loss, sales_by_method, client_balances, client_report — the shop's trading:
 *     Sales = sale prices; Expenses = expenses; Profit = Sales − cost of the stock items sold − Expenses
 *     (a stock item's cost is its purchase price when sold; a quick sale has no cost)
 * - purchases — money in and out: Sales = sale prices; Expenses = stock bought (purchase prices by purchase
 *     date) + expenses; Profit = Sales − Expenses
 * - stock_summary — the stock's own margin: Sales = sale prices of stock items (quick sales excluded);
 *     Expenses = what those items cost; Profit = Sales − Expenses
 * Errors: missing or unknown type/range, bad dates, from > to, more than 366 days → 400 field errors keyed by the
 * parameter, e.g. `{"to": ["A custom range covers at most 366 days."]}`.
 */
export const ReportTypeSchema = Choice(REPORT_TYPE_KEYS);
export const ReportRangeSchema = Choice(REPORT_RANGE_KEYS);

export const ReportQuery = Type.Object(
  {
    type: ReportTypeSchema,
    range: ReportRangeSchema,
    from: Type.Optional(DateString),
    to: Type.Optional(DateString),
  },
  { additionalProperties: false },
);
export type ReportQuery = Static<typeof ReportQuery>;

/** `profit` is left out for a caller who may not see costs ('viewCosts'): with sales and expenses it gives the cost. */
export const ReportTotals = Type.Object({
  sales: Type.Number(),
  expenses: Type.Number(),
  profit: Type.Optional(Type.Number()),
});
export type ReportTotals = Static<typeof ReportTotals>;

export const ReportRow = Type.Object({
  date: DateString,
  sales: Type.Number(),
  expenses: Type.Number(),
  /** Left out without 'viewCosts', as the totals' profit. */
  profit: Type.Optional(Type.Number()),
});
export type ReportRow = Static<typeof ReportRow>;

/** How many, and their sum in GBP. */
export const AmountCount = Type.Object({ count: Type.Integer(), amount: Type.Number() });
export type AmountCount = Static<typeof AmountCount>;

/** One client's line in Client Balances (current balance) and Client Report (activity in the range). */
export const ClientReportLine = Type.Object({
  clientId: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  status: ClientStatusSchema,
  /** Current balance, GBP: positive = the shop owes the client, negative = the client owes the shop. */
  balance: Type.Number(),
  /** client_report only: sales to this client in the range (count, GBP). */
  sales: Type.Optional(AmountCount),
  /** client_report only: the net of this client's ledger entries dated in the range, GBP. */
  ledgerNet: Type.Optional(Type.Number()),
  /** client_report only: items currently out on approval with this client. */
  checkedOut: Type.Optional(Type.Integer()),
});
export type ClientReportLine = Static<typeof ClientReportLine>;

/**
 * Extra figures per type (`details.kind` = the type):
 * - sales: itemSales and quickSales in the range (count, GBP), costOfGoods
 * - profit_loss: revenue, costOfGoods, grossProfit (revenue − costOfGoods), expenses, netProfit
 * - purchases: itemsBought (count, purchase prices), expenses (count, GBP)
 * - stock_summary: sold in the range (count, GBP) and the stock now: per stock type and in total (every
 *   status but sold; count and purchase-price value)
 * - sales_by_method: every PAYMENT_METHODS entry in list order with its sales in the range (count, GBP)
 * - client_balances: every client (name order) with the current balance; debtors (clients who owe the shop:
 *   count and Σ|balance|), creditors (the shop owes them: count and Σ balance)
 * - client_report: clients with sales or ledger entries in the range or an item checked out, name order
 * Client lists in JSON stop after REPORT_CLIENT_LIMIT (constants.ts) lines (`clientCount` = all of them); the
 * CSV has all.
 */
// One object per type, told apart by `kind`: the serialiser writes the fields of the variant that matches.
export const ReportDetails = Type.Union([
  Type.Object({
    kind: Type.Literal('sales'),
    itemSales: AmountCount,
    quickSales: AmountCount,
    /** Left out without 'viewCosts'. */
    costOfGoods: Type.Optional(Type.Number()),
  }),
  Type.Object({
    kind: Type.Literal('profit_loss'),
    revenue: Type.Number(),
    costOfGoods: Type.Number(),
    grossProfit: Type.Number(),
    expenses: Type.Number(),
    netProfit: Type.Number(),
  }),
  Type.Object({ kind: Type.Literal('purchases'), itemsBought: AmountCount, expenses: AmountCount }),
  Type.Object({
    kind: Type.Literal('stock_summary'),
    sold: AmountCount,
    inStock: AmountCount,
    byStockType: Type.Object({ Watches: AmountCount, Jewellery: AmountCount, Accessories: AmountCount }),
  }),
  Type.Object({
    kind: Type.Literal('sales_by_method'),
    byMethod: Type.Array(
      Type.Object({ method: PaymentMethodSchema, count: Type.Integer(), amount: Type.Number() }),
    ),
  }),
  Type.Object({
    kind: Type.Literal('client_balances'),
    clients: Type.Array(ClientReportLine),
    clientCount: Type.Integer(),
    debtors: AmountCount,
    creditors: AmountCount,
  }),
  Type.Object({
    kind: Type.Literal('client_report'),
    clients: Type.Array(ClientReportLine),
    clientCount: Type.Integer(),
  }),
]);
export type ReportDetails = Static<typeof ReportDetails>;

export const Report = Type.Object({
  type: ReportTypeSchema,
  range: ReportRangeSchema,
  from: DateString,
  to: DateString,
  currency: Type.Literal('GBP'),
  rows: Type.Array(ReportRow),
  totals: ReportTotals,
  details: ReportDetails,
});
export type Report = Static<typeof Report>;

/*
 * CSV (`GET /api/reports/csv/`): text/csv; charset=utf-8, attachment `loupe-<type>-<from>-<to>.csv` (type with
 * dashes: loupe-profit-loss-2026-11-01-2026-11-22.csv). RFC 4180: comma separated, CRLF line ends, a field
 * with a comma, quote, CR or LF is quoted and its quotes doubled. A text cell starting with = + - @ TAB or CR
 * gets a leading ' so a spreadsheet never runs it as a formula (negative numbers are written as numbers).
 * Layout — tables one after the other, an empty line between two:
 *   1. Date,Sales,Expenses,Profit ← header; one line per report row (the JSON rows, money with 2 decimals);
 *      then `Total,<sales>,<expenses>,<profit>`
 *   2. sales_by_method:  Payment Method,Count,Sales (every method, list order)
 *      stock_summary:    Stock Type,In Stock,Value (Watches, Jewellery, Accessories that have stock, then Total)
 *      client_balances:  Client,Email,Status,Balance (every client, name order)
 *      client_report:    Client,Email,Status,Balance,Sales Count,Sales,Ledger Net,Checked Out
 *   3. the entries behind the figures, by day (sales, then expenses, then purchases), for sales,
 *      profit_loss, purchases, stock_summary and sales_by_method:
 *      Date,Entry,Name,Payment Method,Currency,Amount,Exchange Rate,GBP,Cost GBP
 *      Entry: Sale (a stock item) | Quick Sale | Expense | Purchase (a stock item bought: its purchase price);
 *      a reversal (issue 12) is `Void of Sale #<id>` | `Void of Quick Sale #<id>` | `Void of Expense #<id>`, on
 *      the day of the void, with the original's amounts negated;
 *      sales: every sale; profit_loss: sales and expenses; purchases: purchases and expenses;
 *      stock_summary: stock items sold; sales_by_method: every sale.
 * Long tables (clients, entries) are read in batches of 1000 and streamed: the client tables have every client
 * (no REPORT_CLIENT_LIMIT), the entries every record of the range.
 */

// ---------------------------------------------------------------- dashboard

/**
 * `GET /api/dashboard/finance/` (GBP; T = today in the shop's time zone, returned as `today`; week = the ISO
 * week of T; month = the calendar month of T, both up to T):
 * - revenue: sales this month / all time
 * - sales: sales today, this week, this month
 * - purchases: stock bought this month (purchase prices) and how many items
 * - profitLoss.month: sales − cost of the stock items sold − expenses, this month
 * - salesByMethod (this month): card = Credit Card + Debit Card, cash = Cash, bank = Bank Transfer,
 *   other = PayPal + Bitcoin + Other
 * - recentWatchSales: the 5 latest sales of Watches items (sale date, then newest first); watch =
 *   "<brand> <model>" or the serial; profit = salePrice − cost; profitPercent = profit / cost × 100 with one
 *   decimal, null when the cost is 0
 */
export const RecentWatchSale = Type.Object({
  saleId: Type.Integer(),
  itemId: Nullable(Type.Integer()),
  watch: Type.String(),
  serial: Type.String(),
  saleDate: DateString,
  salePrice: Type.Number(),
  /** cost, profit and profitPercent are left out for a caller who may not see costs ('viewCosts'). */
  cost: Type.Optional(Type.Number()),
  profit: Type.Optional(Type.Number()),
  profitPercent: Type.Optional(Nullable(Type.Number())),
});
export type RecentWatchSale = Static<typeof RecentWatchSale>;

export const FinanceDashboard = Type.Object({
  today: DateString,
  revenue: Type.Object({ month: Type.Number(), allTime: Type.Number() }),
  sales: Type.Object({ today: Type.Number(), week: Type.Number(), month: Type.Number() }),
  /** Purchases (stock bought at cost) and profit: left out for a caller who may not see costs ('viewCosts'). */
  purchases: Type.Optional(Type.Object({ month: Type.Number(), count: Type.Integer() })),
  profitLoss: Type.Optional(Type.Object({ month: Type.Number() })),
  salesByMethod: Type.Object({
    card: Type.Number(),
    cash: Type.Number(),
    bank: Type.Number(),
    other: Type.Number(),
  }),
  recentWatchSales: Type.Array(RecentWatchSale),
});
export type FinanceDashboard = Static<typeof FinanceDashboard>;

// ---------------------------------------------------------------- pinned reports ("Add to Dash")

/**
 * `POST /api/dashboard/pins/` `{type, range, from?, to?}` (validated like ReportQuery; from/to are kept only
 * for custom) → 201 DashboardPin, or 200 with the existing pin when the caller already pinned the same report.
 * `GET /api/dashboard/pins/` → `{results, count}`: the caller's own pins, oldest first, each with its report's
 * totals as of now (at most MAX_PINS_PER_USER (constants.ts) per user: one more is a 400 `{"detail": "..."}`).
 * `DELETE /api/dashboard/pins/{id}/` → 204; another user's pin → 404.
 * type (a REPORT_TYPE_KEYS value) and range (REPORT_RANGE_KEYS) are plain strings here on purpose: the server
 * checks them with ReportQuery's rules, so a pin and a report get the same words for the same mistake.
 */
export const DashboardPinCreate = Type.Object(
  {
    type: Text({ maxLength: 32 }),
    range: Text({ maxLength: 16 }),
    from: Type.Optional(Nullable(DateString)),
    to: Type.Optional(Nullable(DateString)),
  },
  { additionalProperties: false },
);
export type DashboardPinCreate = Static<typeof DashboardPinCreate>;

export const DashboardPin = Type.Object({
  id: Type.Integer(),
  type: ReportTypeSchema,
  range: ReportRangeSchema,
  /** As pinned: the custom range's days, null for the other ranges. */
  from: Nullable(DateString),
  to: Nullable(DateString),
  /** The period the totals cover today (a daily pin moves with the calendar). */
  periodFrom: DateString,
  periodTo: DateString,
  totals: ReportTotals,
  createdAt: Type.String(),
});
export type DashboardPin = Static<typeof DashboardPin>;
export const DashboardPinList = ListOf(DashboardPin);
export type DashboardPinList = Static<typeof DashboardPinList>;
