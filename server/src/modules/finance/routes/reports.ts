import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { REPORT_CLIENT_LIMIT, endpoints, type ReportType } from '@loupe/contracts';
import type { FinanceContext } from '../deps';
import {
  ReportsRepository,
  type ClientKey,
  type EntryKey,
  type EntrySources,
  type Summary,
} from '../reports-repository';
import { requireCostsForReport, seesCosts, withoutProfit } from '../../../kernel/costs';
import { shopCaller } from '../../../kernel/shop-scope';
import { serializerQuery, staffRoute } from '../../../kernel/schemas';
import { csvLine, textCell, valueCell } from '../../../kernel/csv';
import { parseReportParams, type ReportParams, type ReportPeriod } from '../input';

const TAGS = ['finance'];
/** Rows read per query while streaming a CSV: memory stays flat however long the report is. */
export const CSV_BATCH = 1000;

/** Which sales, expenses and purchases the CSV of each type lists under its summary. */
const ENTRY_SOURCES: Record<ReportType, EntrySources | null> = {
  sales: { sales: 'all', expenses: false, purchases: false },
  profit_loss: { sales: 'all', expenses: true, purchases: false },
  purchases: { sales: 'none', expenses: true, purchases: true },
  stock_summary: { sales: 'items', expenses: false, purchases: false },
  sales_by_method: { sales: 'all', expenses: false, purchases: false },
  client_balances: null,
  client_report: null,
};

const money = (value: number) => valueCell(value.toFixed(2));

export const csvFileName = (p: ReportPeriod) => `loupe-${p.type.replace(/_/g, '-')}-${p.from}-${p.to}.csv`;

/** The whole CSV, one chunk per batch of rows (see the layout in the contracts, finance.ts). */
export async function* reportCsv(
  repo: ReportsRepository,
  shopId: number,
  period: ReportPeriod,
  summary: Summary,
  costs = true,
): AsyncGenerator<string> {
  // Without 'viewCosts' the Profit and Cost GBP columns are left out (issue 21, item 6): with sales and expenses
  // the profit gives the cost of the stock sold.
  const figures = (cells: string[]) => (costs ? cells : cells.slice(0, 3));
  let chunk = csvLine(figures(['Date', 'Sales', 'Expenses', 'Profit']));
  for (const row of summary.text.rows) chunk += csvLine(figures(row).map(valueCell));
  chunk += csvLine(figures(['Total', ...summary.text.totals]).map(valueCell));
  yield chunk;

  if (period.type === 'sales_by_method') {
    chunk = `\r\n${csvLine(['Payment Method', 'Count', 'Sales'])}`;
    for (const m of await repo.byMethod(shopId, period)) {
      chunk += csvLine([valueCell(m.method), valueCell(m.count), money(m.amount)]);
    }
    yield chunk;
  }
  if (period.type === 'stock_summary') {
    chunk = `\r\n${csvLine(['Stock Type', 'In Stock', 'Value'])}`;
    for (const line of await repo.stockByType(shopId)) {
      chunk += csvLine([valueCell(line.stockType ?? 'Total'), valueCell(line.count), money(line.amount)]);
    }
    yield chunk;
  }

  if (period.type === 'client_balances' || period.type === 'client_report') {
    const activity = period.type === 'client_report';
    yield `\r\n${csvLine(
      activity
        ? ['Client', 'Email', 'Status', 'Balance', 'Sales Count', 'Sales', 'Ledger Net', 'Checked Out']
        : ['Client', 'Email', 'Status', 'Balance'],
    )}`;
    let after: ClientKey | null = null;
    for (;;) {
      const batch = activity
        ? await repo.clientActivity(shopId, period, after, CSV_BATCH)
        : await repo.clientBalances(shopId, after, CSV_BATCH);
      if (batch.length === 0) return;
      chunk = '';
      for (const { line } of batch) {
        const cells = [
          textCell(line.name),
          textCell(line.email),
          valueCell(line.status),
          money(line.balance),
        ];
        if (activity) {
          cells.push(
            valueCell(line.sales?.count ?? 0),
            money(line.sales?.amount ?? 0),
            money(line.ledgerNet ?? 0),
            valueCell(line.checkedOut ?? 0),
          );
        }
        chunk += csvLine(cells);
      }
      yield chunk;
      if (batch.length < CSV_BATCH) return;
      const last = batch[batch.length - 1] as ClientKey;
      after = { sortName: last.sortName, id: last.id };
    }
  }

  const sources = ENTRY_SOURCES[period.type];
  if (!sources) return;
  const entryCells = (cells: string[]) => (costs ? cells : cells.slice(0, 8));
  yield `\r\n${csvLine(entryCells(['Date', 'Entry', 'Name', 'Payment Method', 'Currency', 'Amount', 'Exchange Rate', 'GBP', 'Cost GBP']))}`;
  let after: EntryKey | null = null;
  for (;;) {
    const batch = await repo.entries(shopId, period, sources, after, CSV_BATCH);
    if (batch.length === 0) return;
    chunk = '';
    for (const e of batch) {
      chunk += csvLine(
        entryCells([
          valueCell(e.day),
          valueCell(e.entry),
          textCell(e.name),
          valueCell(e.paymentMethod),
          valueCell(e.currency),
          valueCell(e.amount),
          valueCell(e.rate),
          valueCell(e.gbp),
          valueCell(e.cost),
        ]),
      );
    }
    yield chunk;
    if (batch.length < CSV_BATCH) return;
    const last = batch[batch.length - 1] as EntryKey;
    after = { day: last.day, source: Number(last.source), id: last.id };
  }
}

const reportRoutes: FastifyPluginAsyncTypebox<{ ctx: FinanceContext }> = async (fastify, { ctx }) => {
  const { reports } = ctx.repos;

  async function resolve(shopId: number, query: ReportParams): Promise<ReportPeriod> {
    const today = await reports.shopToday(shopId, ctx.now());
    return parseReportParams(query, today);
  }

  fastify.route({
    ...serializerQuery(
      staffRoute(endpoints.reports.get, TAGS, {
        summary: 'A report of the shop (type × range), in GBP, computed from its records',
      }),
    ),
    handler: async (request) => {
      const caller = shopCaller(request);
      const { shopId } = caller;
      // Purchases, stock at cost and profit & loss are costs through and through (issue 21, item 6).
      requireCostsForReport(caller, request.query.type);
      const period = await resolve(shopId, request.query);
      const summary = await reports.summary(shopId, period);
      const details = await reports.details(shopId, period, REPORT_CLIENT_LIMIT);
      const shown =
        details.kind === 'sales' && !seesCosts(caller)
          ? (({ costOfGoods: _cost, ...rest }) => rest)(details)
          : details;
      return {
        type: period.type,
        range: period.range,
        from: period.from,
        to: period.to,
        currency: 'GBP' as const,
        rows: summary.rows.map((row) => withoutProfit(caller, row)),
        totals: withoutProfit(caller, summary.totals),
        details: shown,
      };
    },
  });

  fastify.route({
    ...serializerQuery(
      staffRoute(endpoints.reports.csv, TAGS, {
        summary: 'The same report as a CSV download, streamed',
      }),
    ),
    handler: async (request, reply) => {
      const caller = shopCaller(request);
      const { shopId } = caller;
      requireCostsForReport(caller, request.query.type);
      const period = await resolve(shopId, request.query);
      // Read before the first byte goes out, so that a failure is still an error answer, not a cut file.
      const summary = await reports.summary(shopId, period);
      const body = Readable.from(reportCsv(reports, shopId, period, summary, seesCosts(caller)), {
        objectMode: false,
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvFileName(period)}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  });
};

export default reportRoutes;
