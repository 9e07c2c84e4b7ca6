import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints, type Invoice, type InvoiceQuery } from '@loupe/contracts';
import type { DocumentsContext } from '../deps';
import { notFound } from '../../../kernel/http-errors';
import { staffRoute } from '../../../kernel/schemas';
import { invoiceFor, seesCosts } from '../../../kernel/costs';
import { shopCaller } from '../../../kernel/shop-scope';
import { ErrorBag, dayRangeField, pageOf, pagingOf, pathId } from '../../../kernel/validation';
import { csvLine, moneyCell, textCell, valueCell } from '../../../kernel/csv';
import type { InvoiceFilter } from '../invoices-repository';

const TAGS = ['documents'];

/** The list's filters, or DRF-shaped 400s (a bad day, a range the wrong way round). */
function parseInvoiceFilter(query: InvoiceQuery): InvoiceFilter {
  const bag = new ErrorBag();
  const { from, to } = dayRangeField(bag, query);
  bag.throwIfAny();
  const filter: InvoiceFilter = {};
  if (from !== null) filter.dateFrom = from;
  if (to !== null) filter.dateTo = to;
  if (query.client !== undefined) filter.clientId = query.client;
  if (query.status !== undefined) filter.status = query.status;
  if (query.kind !== undefined) filter.kind = query.kind;
  const search = query.search?.trim();
  if (search) filter.search = search;
  return filter;
}

const CSV_HEADER = [
  'Reference',
  'Kind',
  'Status',
  'Issue date',
  'Buyer',
  'Client id',
  'Description',
  'Serial',
  'Currency',
  'Total',
  'Exchange rate',
  'Total GBP',
  'VAT treatment',
  'VAT',
  'Margin GBP',
  'VAT in margin GBP',
  'Payment method',
  'Credit note / credits',
];
/** The columns a member without 'viewCosts' does not get. */
const MARGIN_COLUMNS = ['Margin GBP', 'VAT in margin GBP'];

/**
 * One CSV line: the margin figures are in the export because it is the dealer's own record for the VAT return
 * (they are never printed on the buyer's document). Every money column (total, total GBP, VAT, margin, VAT in
 * margin) is written by moneyCell, two decimals each ("1500.00", never "1500" beside "5250.00").
 */
function csvRow(invoice: Invoice, costs = true): string {
  const line = invoice.lines[0];
  const link = invoice.creditNote?.reference ?? invoice.creditsInvoice?.reference ?? '';
  return csvLine([
    valueCell(invoice.reference),
    valueCell(invoice.kind === 'invoice' ? 'Invoice' : 'Credit note'),
    valueCell(invoice.status === 'credited' ? 'Credited' : 'Issued'),
    valueCell(invoice.issueDate),
    textCell(invoice.buyer.name),
    valueCell(invoice.clientId ?? ''),
    textCell(invoice.lines.map((l) => l.description).join('; ')),
    textCell(line?.serial ?? ''),
    valueCell(invoice.currency),
    moneyCell(invoice.total, invoice.currency),
    valueCell(invoice.exchangeRate),
    moneyCell(invoice.totalGbp),
    valueCell(invoice.vatTreatment),
    moneyCell(invoice.vatAmount, invoice.currency),
    ...(costs ? [moneyCell(invoice.marginGbp ?? null), moneyCell(invoice.marginVatGbp ?? null)] : []),
    valueCell(invoice.paymentMethod),
    valueCell(link),
  ]);
}

/** Invoices and credit notes: listed, exported and read by any member of the shop; 404 across shops. */
const invoiceRoutes: FastifyPluginAsyncTypebox<{ ctx: DocumentsContext }> = async (fastify, { ctx }) => {
  const { invoices } = ctx.repos;

  fastify.route({
    ...staffRoute(endpoints.invoices.list, TAGS, {
      summary: 'Invoices and credit notes, newest first, filtered by days, client, status, kind and a search',
    }),
    handler: async (request) => {
      const caller = shopCaller(request);
      const { shopId } = caller;
      const filter = parseInvoiceFilter(request.query);
      return pageOf(pagingOf(request.query), await invoices.count(shopId, filter), async (limit, offset) =>
        (await invoices.list(shopId, filter, limit, offset)).map((invoice) => invoiceFor(caller, invoice)),
      );
    },
  });

  fastify.route({
    ...staffRoute(endpoints.invoices.csv, TAGS, {
      summary: 'The filtered invoices as a CSV download, streamed a page at a time',
    }),
    handler: async (request, reply) => {
      const caller = shopCaller(request);
      const { shopId } = caller;
      const filter = parseInvoiceFilter(request.query);
      const ids = await invoices.ids(shopId, filter, null, 0);
      // Without 'viewCosts' the two margin columns are left out (issue 21, item 6): price − margin is the cost.
      const costs = seesCosts(caller);
      const header = costs ? CSV_HEADER : CSV_HEADER.filter((name) => !MARGIN_COLUMNS.includes(name));
      async function* lines(): AsyncGenerator<string> {
        yield csvLine(header);
        for (let at = 0; at < ids.length; at += 200) {
          const page = await ctx.repos.invoices.byIds(shopId, ids.slice(at, at + 200));
          yield page.map((invoice) => csvRow(invoice, costs)).join('');
        }
      }
      const day = await ctx.repos.reports.shopToday(shopId, ctx.now());
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="loupe-invoices-${day}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(Readable.from(lines(), { objectMode: false }));
    },
  });

  fastify.route({
    ...staffRoute(endpoints.invoices.detail, TAGS, { summary: 'One invoice or credit note' }),
    handler: async (request) => {
      const caller = shopCaller(request);
      const invoice = await invoices.find(caller.shopId, pathId(request.params.id));
      if (!invoice) throw notFound();
      return invoiceFor(caller, invoice);
    },
  });
};

export default invoiceRoutes;
