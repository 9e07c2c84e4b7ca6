import { Type, type Static } from '@sinclair/typebox';
import { Choice, DateString, ListOf, Nullable, PagingQuery, Text } from './common';
import { DealPaymentInput } from './deals';
import { DEAL_MAX_PAYMENTS, DEAL_STATUSES } from './deal-messages';
import { InvoiceRef } from './documents';
import { VAT_SCHEMES } from './documents-messages';

/*
 * THE WORKSHOP'S MONEY (issue 23, item 5). Endpoints: `endpoints.workshopMoney` (endpoints.ts); the server's
 * workshop module (money-*.ts, uncollected-*.ts) serves them.
 *
 * A CLIENT'S PIECE is paid for through the sales workflow (contracts/src/deals.ts), never beside it:
 *   - the deposit is the deposit of a reserved deal whose lines are the job's lines ('other' lines, labour and
 *     parts, standard-rated), for the job's client, collect-by the job's promised day (or today); later money
 *     before collection is an instalment on that deal. Every payment goes through the AML guard.
 *   - collecting completes that deal with the last payments (or, with no deposit, makes a completed deal of the
 *     job's lines): the deal's invoice is the job's final invoice. The payments must settle the balance exactly:
 *     409 JOB_BALANCE_UNPAID(figure) otherwise. A job returned unrepaired is not invoiced.
 * A STOCK ITEM'S JOB (pre-sale service) is not invoiced: its lines' total becomes the item's repair cost when it
 *   is collected (back into stock). The shop's own margin counts it; the margin scheme does not (HMRC VAT Notice
 *   718, the margin scheme: the purchase price is what was paid for the goods, and restoration costs are not part of it).
 *
 * Figures are GBP, exact to the penny.
 */

export const JOB_MONEY_KINDS = ['client', 'stock'] as const;
export type JobMoneyKind = (typeof JOB_MONEY_KINDS)[number];

export const JOB_BALANCE_UNPAID = (balance: string) =>
  `This job has £${balance} left to pay: take the payment to collect it.`;
export const JOB_OVERPAID = (excess: string) => `The payments exceed what the job owes by £${excess}.`;
export const JOB_NEEDS_LINES =
  'Add the estimate\u2019s labour and parts lines before taking money for this job.';
export const JOB_NEEDS_CLIENT = 'A job for a stock item is not paid for by a client.';
export const JOB_DEPOSIT_WHEN =
  'A deposit is taken once the client has approved the estimate (or, with no estimate, once the work starts).';
/** The board's move to collected of a job whose deal is paid but not yet invoiced: the collection issues it. */
export const JOB_COLLECT_WITH_INVOICE =
  'This job is paid: hand it back with Collect and invoice on its page, which issues the invoice.';
export const JOB_NOT_PAYABLE = 'This job is closed: no more money can be taken for it.';
export const NOTICE_NOT_READY = 'Only a job ready for collection can be given a notice of intention to sell.';
export const NOTICE_TOO_SOON = (earliest: string) =>
  `The notice must give the client at least three months while money is owed: the earliest sale date is ${earliest}.`;

/** Days a job may wait, ready, before the shop reminds the client to collect it. */
export const UNCOLLECTED_REMINDER_DAYS = 30;

/** `GET /api/workshop/jobs/{id}/money/` and the answer of the deposit and collect calls. */
export const JobMoney = Type.Object({
  jobId: Type.Integer(),
  kind: Choice(JOB_MONEY_KINDS),
  /** Σ the job's lines, VAT included. */
  linesGbp: Type.Number(),
  /** The sales deal that takes the job's money (client jobs), once there is one. */
  dealId: Nullable(Type.Integer()),
  dealReference: Nullable(Type.String()),
  dealStatus: Nullable(Choice(DEAL_STATUSES)),
  paidGbp: Type.Number(),
  /** What is left to pay: the lines less what has been paid (0 for a stock item's job). */
  balanceGbp: Type.Number(),
  invoice: Nullable(InvoiceRef),
  /** A stock item's job, once collected: the cost added to the item's cost for the shop's margin. */
  repairCostGbp: Nullable(Type.Number()),
});
export type JobMoney = Static<typeof JobMoney>;

/** `POST /api/workshop/jobs/{id}/deposit/`: money in before collection (the deposit, then instalments). */
export const JobDepositCreate = Type.Object(
  { payment: DealPaymentInput, date: Type.Optional(DateString) },
  { additionalProperties: false },
);
export type JobDepositCreate = Static<typeof JobDepositCreate>;

/** `POST /api/workshop/jobs/{id}/collect/`: the last payments; the job is invoiced and collected. */
export const JobCollect = Type.Object(
  {
    payments: Type.Optional(Type.Array(DealPaymentInput, { maxItems: DEAL_MAX_PAYMENTS })),
    date: Type.Optional(DateString),
    /** The stage move's note ('Signed for by …'). */
    note: Type.Optional(Text({ maxLength: 500, multiline: true })),
  },
  { additionalProperties: false },
);
export type JobCollect = Static<typeof JobCollect>;

export const ItemRepair = Type.Object({
  jobId: Type.Integer(),
  reference: Type.String(),
  costGbp: Type.Number(),
  recordedOn: DateString,
});
export type ItemRepair = Static<typeof ItemRepair>;

export const ItemSaleMargins = Type.Object({
  saleId: Type.Integer(),
  date: DateString,
  amountGbp: Type.Number(),
  /** The shop's own margin: the sale less the purchase price and the repair costs. */
  shopMarginGbp: Type.Number(),
  /** Margin-scheme items: the sale less the purchase price alone (Notice 718), and the VAT within it. */
  schemeMarginGbp: Nullable(Type.Number()),
  marginVatGbp: Nullable(Type.Number()),
});
export type ItemSaleMargins = Static<typeof ItemSaleMargins>;

/** `GET /api/workshop/items/{id}/margins/` (viewCosts): an item's two costs and, once sold, its two margins. */
export const ItemMargins = Type.Object({
  itemId: Type.Integer(),
  vatScheme: Choice(VAT_SCHEMES),
  /** What was paid for the goods: the margin scheme's purchase price and the stock book's figure. */
  purchasePriceGbp: Type.Number(),
  repairCostGbp: Type.Number(),
  /** purchase price + repair costs: the cost the shop's own margin reports use. */
  shopCostGbp: Type.Number(),
  repairs: Type.Array(ItemRepair),
  sale: Nullable(ItemSaleMargins),
});
export type ItemMargins = Static<typeof ItemMargins>;

export const UNCOLLECTED_DELIVERIES = ['recorded', 'mailed'] as const;

/** A job ready for collection and not collected, with its dates. */
export const UncollectedJob = Type.Object({
  jobId: Type.Integer(),
  reference: Type.String(),
  clientId: Nullable(Type.Integer()),
  clientName: Type.String(),
  goods: Type.String(),
  readySince: DateString,
  daysReady: Type.Integer(),
  balanceGbp: Type.Number(),
  /** The reminder to collect (after UNCOLLECTED_REMINDER_DAYS), and how it went out. */
  remindedOn: Nullable(DateString),
  reminderDelivery: Nullable(Choice(UNCOLLECTED_DELIVERIES)),
  /** The notice of intention to sell (Torts (Interference with Goods) Act 1977), and its sale date. */
  noticeOn: Nullable(DateString),
  saleAfter: Nullable(DateString),
});
export type UncollectedJob = Static<typeof UncollectedJob>;
export const UncollectedJobList = ListOf(UncollectedJob);
export type UncollectedJobList = Static<typeof UncollectedJobList>;

/** `GET /api/workshop/uncollected/`: ready jobs, longest-waiting first; `due=true`: those owed a reminder. */
export const UncollectedQuery = Type.Object(
  { ...PagingQuery, due: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type UncollectedQuery = Static<typeof UncollectedQuery>;

/** `POST /api/workshop/uncollected/reminders/`: the reminders due today, each recorded once. */
export const UncollectedReminders = Type.Object({ reminded: Type.Array(UncollectedJob) });
export type UncollectedReminders = Static<typeof UncollectedReminders>;

/** `POST /api/workshop/jobs/{id}/uncollected-notice/`: the notice; saleAfter default: the earliest lawful day. */
export const UncollectedNoticeCreate = Type.Object(
  { saleAfter: Type.Optional(DateString) },
  { additionalProperties: false },
);
export type UncollectedNoticeCreate = Static<typeof UncollectedNoticeCreate>;

/** What the notice states (Schedule 1 Part II paragraph 6 of the 1977 Act). */
export const UncollectedNotice = Type.Object({
  jobId: Type.Integer(),
  reference: Type.String(),
  issuedOn: DateString,
  saleAfter: DateString,
  clientName: Type.String(),
  goods: Type.String(),
  amountOwedGbp: Type.Number(),
  /** The shop that holds the goods: its name and address lines. */
  heldBy: Type.String(),
  heldAt: Type.Array(Type.String()),
});
export type UncollectedNotice = Static<typeof UncollectedNotice>;
