import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AML_KIND_LABELS,
  AML_OUTCOMES,
  CDD_MISSING_LABELS,
  COMPLIANCE_NOT_ALLOWED,
  endpoints,
  type AmlEvent,
  type AmlEventQuery,
} from '@loupe/contracts';
import type { ComplianceContext } from './deps';
import { serializerQuery, staffRoute } from '../../kernel/schemas';
import { requireAction, shopCaller, type ShopCaller } from '../../kernel/shop-scope';
import { ErrorBag, dayRangeField, invalidFilterChoice, pageOf, pagingOf } from '../../kernel/validation';
import { csvLine, moneyCell, textCell, valueCell } from '../../kernel/csv';
import type { AmlEventFilter } from './aml-repository';

const TAGS = ['compliance'];

/** Due diligence and the AML report are for platinum and gold; silver gets the 403 with its reason. */
function seniorCaller(request: Parameters<typeof shopCaller>[0], refusal: string): ShopCaller {
  const caller = shopCaller(request);
  requireAction(caller, 'viewCompliance', refusal);
  return caller;
}

/** The report's filters, or DRF-shaped 400s. */
export function parseAmlFilter(query: AmlEventQuery): AmlEventFilter {
  const bag = new ErrorBag();
  const filter: AmlEventFilter = {};
  const outcome = query.outcome?.trim();
  if (outcome) {
    if ((AML_OUTCOMES as readonly string[]).includes(outcome))
      filter.outcome = outcome as AmlEventFilter['outcome'];
    else bag.add('outcome', invalidFilterChoice(outcome));
  }
  const { from, to } = dayRangeField(bag, query);
  bag.throwIfAny();
  if (from !== null) filter.fromDay = from;
  if (to !== null) filter.toDay = to;
  return filter;
}

const MISSING_LABELS: Record<string, string> = CDD_MISSING_LABELS;
const KIND_LABELS: Record<string, string> = AML_KIND_LABELS;

const CSV_HEADER = [
  'Date',
  'Outcome',
  'Client',
  'Kind',
  'What',
  'Amount',
  'Currency',
  'Exchange rate',
  'Amount (GBP)',
  'Amount (EUR)',
  'Linked total (EUR)',
  'EUR/GBP rate',
  'Missing',
  'By',
  'Recorded at (UTC)',
];

/** One line of the CSV; names and descriptions are typed by people, so they are defused against formulas. */
function csvRow(e: AmlEvent): string {
  return csvLine([
    valueCell(e.date),
    valueCell(e.outcome === 'flagged' ? 'Flagged' : 'Refused'),
    textCell(e.clientName || (e.clientId === null ? 'Walk-in' : '')),
    valueCell(KIND_LABELS[e.kind] ?? e.kind),
    textCell(e.description),
    moneyCell(e.amount, e.currency),
    valueCell(e.currency),
    valueCell(e.exchangeRate),
    moneyCell(e.amountGbp),
    moneyCell(e.amountEur),
    moneyCell(e.linkedTotalEur),
    valueCell(e.eurGbpRate),
    valueCell(e.missing.map((m) => MISSING_LABELS[m] ?? m).join('; ')),
    textCell(e.createdBy ?? ''),
    valueCell(e.createdAt),
  ]);
}

/**
 * Customer due diligence and the AML cash guard's report (issue 13). The guard itself runs inside the three
 * writers of cash (aml-guard.ts); here: the verification record of a client, and the list of flagged payments
 * and refused attempts with its CSV.
 */
const complianceRoutes: FastifyPluginAsyncTypebox<{ ctx: ComplianceContext }> = async (fastify, { ctx }) => {
  const { aml, clients } = ctx.repos;

  fastify.route({
    ...serializerQuery(
      staffRoute(endpoints.compliance.aml, TAGS, {
        summary: 'Flagged cash payments and refused attempts under the AML cash rule, newest first',
      }),
    ),
    handler: async (request) => {
      const { shopId } = seniorCaller(request, COMPLIANCE_NOT_ALLOWED);
      const filter = parseAmlFilter(request.query);
      return pageOf(pagingOf(request.query), await aml.count(shopId, filter), (limit, offset) =>
        aml.page(shopId, filter, limit, offset),
      );
    },
  });

  fastify.route({
    ...serializerQuery(
      staffRoute(endpoints.compliance.amlCsv, TAGS, {
        summary: 'The AML report as a CSV download, streamed',
      }),
    ),
    handler: async (request, reply) => {
      const { shopId } = seniorCaller(request, COMPLIANCE_NOT_ALLOWED);
      const filter = parseAmlFilter(request.query);
      async function* lines(): AsyncGenerator<string> {
        yield csvLine(CSV_HEADER);
        let chunk = '';
        let n = 0;
        for await (const event of aml.each(shopId, filter)) {
          chunk += csvRow(event);
          n += 1;
          if (n % 200 === 0) {
            yield chunk;
            chunk = '';
          }
        }
        if (chunk) yield chunk;
      }
      const day = await clients.shopToday(shopId, ctx.now());
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="loupe-aml-${day}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(Readable.from(lines(), { objectMode: false }));
    },
  });
};

export default complianceRoutes;

export {
  AmlRefused,
  amlRefusalOf,
  amlRefusals,
  guardCash,
  recordAmlRefusal,
  type AmlAccepted,
  type CashPayment,
} from './aml-guard';
export type { AmlRepos, ComplianceContext, ComplianceRepos } from './deps';
// Sanctions screening (issue 25 item 2): the clients module screens at creation and renaming; writers hold.
export { screenClient, type ScreenedClient } from './sanctions-service';
export { ComplianceHeld, requireNoSanctionsHold, sanctionsHold } from './sanctions-guard';
export type { SanctionsRepos } from './sanctions-deps';
export { EddRefused, guardClient, type ClientGuardRepos, type ClientTransaction } from './client-guard';
