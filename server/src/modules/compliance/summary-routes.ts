import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SUMMARY_NOT_ALLOWED, endpoints, isOwner } from '@loupe/contracts';
import type { SummaryContext } from './summary-deps';
import { isNominatedOfficer } from './nominated-officer';
import { complianceSummaryFileName, renderComplianceSummaryPdf } from './summary-pdf';
import { fieldErrors, notFound, permissionDenied } from '../../kernel/http-errors';
import { staffRoute } from '../../kernel/schemas';
import { shopCaller } from '../../kernel/shop-scope';

/** The first year Loupe can hold records of; the summary of a later year than the current one is refused. */
const FIRST_YEAR = 2000;

/** The annual compliance summary (issue 25 item 1): a PDF for the owner or the nominated officer. */
const summaryRoutes: FastifyPluginAsyncTypebox<{ ctx: SummaryContext }> = async (fastify, { ctx }) => {
  fastify.route({
    ...staffRoute(endpoints.suspicions.summaryPdf, ['compliance'], {
      summary:
        'The annual compliance summary as a PDF (owner or nominated officer): registration, officer, risk assessment, counts of the year',
    }),
    handler: async (request, reply) => {
      const caller = shopCaller(request);
      if (!isOwner(caller.role) && !(await isNominatedOfficer(ctx.db, caller.shopId, caller.userId)))
        throw permissionDenied(SUMMARY_NOT_ALLOWED);
      const { summary, suspicions, clients } = ctx.repos;
      const now = ctx.now();
      const today = (await clients.shopToday(caller.shopId, now)).slice(0, 10);
      const thisYear = Number(today.slice(0, 4));
      const year = request.query.year ?? thisYear;
      if (!Number.isInteger(year) || year < FIRST_YEAR || year > thisYear)
        throw fieldErrors({ year: [`Choose a year from ${FIRST_YEAR} to ${thisYear}.`] });
      const shop = await summary.shop(caller.shopId);
      if (!shop) throw notFound();
      const { from, to } = await summary.yearBounds(caller.shopId, year);
      const pdf = await renderComplianceSummaryPdf({
        year,
        shop,
        nominatedOfficer: await summary.nominatedOfficer(caller.shopId),
        riskAssessment: await summary.riskAssessment(caller.shopId, year),
        counts: await summary.counts(caller.shopId, year),
        suspicions: await suspicions.counts(caller.shopId, from, to),
        printedOn: today,
        printedAt: now,
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${complianceSummaryFileName(year)}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  });
};

export default summaryRoutes;
