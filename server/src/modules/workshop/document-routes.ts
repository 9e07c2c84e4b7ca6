/*
 * THE WORKSHOP'S PAPERS (issue 23, item 3). Paths: `endpoints.workshop` (receiptPdf, estimatePdf, labelPdf),
 * schemas: contracts/src/job-document-schemas.ts. Any signed-in member of the shop; another shop's job is a 404.
 *
 *   GET /api/workshop/jobs/{id}/receipt/pdf/  → the intake receipt: the job number with its QR code, the piece,
 *       the shop's "Workshop terms" (Shop Settings, DEFAULT_WORKSHOP_TERMS until written), signature lines
 *   GET /api/workshop/jobs/{id}/estimate/pdf/ → the estimate: labour and parts, VAT at 20%, total, valid until,
 *       how to approve; 409 ESTIMATE_PDF_NO_LINES while it has no line
 *   GET /api/workshop/jobs/{id}/label/pdf/?size=tag|a4 → the bag or envelope label with the QR code
 *
 * The job comes from getJobForDocuments (workshop-service.ts), the one read every paper and e-mail uses.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DEFAULT_WORKSHOP_TERMS,
  ESTIMATE_PDF_NO_LINES,
  ESTIMATE_VALID_DAYS,
  endpoints,
  stockNumberText,
  type JobDetail,
} from '@loupe/contracts';
import type { Queryable } from '../../db/database';
import { ApiError } from '../../kernel/http-errors';
import { dayInZone, pdfHeaders, type SellerBlock } from '../../kernel/pdf';
import { Detail, staffRoute } from '../../kernel/schemas';
import { shopCaller } from '../../kernel/shop-scope';
import { pathId } from '../../kernel/validation';
import type { WorkshopContext } from './deps';
import { jobLabelFileName, renderJobLabelPdf } from './job-label';
import {
  addDays,
  estimateFileName,
  intakeReceiptFileName,
  renderEstimatePdf,
  renderIntakeReceiptPdf,
} from './job-pdfs';
import { getJobForDocuments, type JobForDocuments } from './workshop-service';

const TAGS = ['workshop'];

/** The shop's workshop terms and time zone (Shop Settings through shop_workshop_settings; the shop's zone). */
export async function workshopPaperSettings(
  db: Queryable,
  shopId: number,
): Promise<{ workshopTerms: string; timezone: string }> {
  const rows = await db.query<{ timezone: string; workshop_terms: string | null }>(
    `SELECT s.timezone, w.workshop_terms
       FROM shop_directory s LEFT JOIN shop_workshop_settings w ON w.shop_id = s.id
      WHERE s.id = $1`,
    [shopId],
  );
  const r = rows[0];
  return {
    // NULL (never written, or cleared): the default terms (migration 035).
    workshopTerms: r?.workshop_terms ?? DEFAULT_WORKSHOP_TERMS,
    timezone: r?.timezone ?? 'Europe/London',
  };
}

/**
 * The shop's head on a paper: the letterhead's printed name large, the legal entity under it (as every document
 * prints); both as the documents module's shop_letterhead gives them.
 */
export function sellerOf(shop: JobForDocuments['shop']): SellerBlock {
  return {
    name: shop.printedName,
    legalName: shop.legalName,
    address: shop.address,
    phone: shop.phone,
    email: shop.email,
    vatNumber: shop.vatNumber,
    companyNumber: shop.companyNumber,
  };
}

/**
 * The day an estimate is dated: the shop's day of its last move to "Estimate sent" (so a reprint reads as the
 * client's copy did), or today while it has not been sent.
 */
export function estimateDay(job: Pick<JobDetail, 'events'>, today: string, timezone: string): string {
  const sent = job.events.filter((e) => e.to === 'estimate_sent').at(-1);
  return sent ? dayInZone(sent.at, timezone) : today;
}

const documentRoutes: FastifyPluginAsyncTypebox<{ ctx: WorkshopContext }> = async (fastify, { ctx }) => {
  fastify.route({
    ...staffRoute(endpoints.workshop.receiptPdf, TAGS, {
      summary: 'The intake receipt as PDF: job number and QR code, the piece, the workshop terms, signatures',
    }),
    handler: async (request, reply) => {
      const { shopId } = shopCaller(request);
      const { job, client, shop } = await getJobForDocuments(
        ctx.db,
        shopId,
        pathId(request.params.id),
        ctx.now(),
      );
      const settings = await workshopPaperSettings(ctx.db, shopId);
      const bytes = await renderIntakeReceiptPdf(job, client, {
        ...sellerOf(shop),
        workshopTerms: settings.workshopTerms,
      });
      return reply.headers(pdfHeaders(intakeReceiptFileName(job), bytes.length)).send(bytes);
    },
  });

  fastify.route({
    ...staffRoute(endpoints.workshop.estimatePdf, TAGS, {
      summary: 'The estimate as PDF: labour and parts, VAT at 20%, total, valid until, how to approve',
      response: { 409: Detail },
    }),
    handler: async (request, reply) => {
      const { shopId } = shopCaller(request);
      const now = ctx.now();
      const { job, client, shop } = await getJobForDocuments(ctx.db, shopId, pathId(request.params.id), now);
      if (job.estimate.lines.length === 0) throw new ApiError(409, { detail: ESTIMATE_PDF_NO_LINES });
      const { timezone } = await workshopPaperSettings(ctx.db, shopId);
      const day = estimateDay(job, dayInZone(now, timezone), timezone);
      const bytes = await renderEstimatePdf(
        job,
        client,
        sellerOf(shop),
        day,
        addDays(day, ESTIMATE_VALID_DAYS),
      );
      return reply.headers(pdfHeaders(estimateFileName(job), bytes.length)).send(bytes);
    },
  });

  fastify.route({
    ...staffRoute(endpoints.workshop.labelPdf, TAGS, {
      summary: 'The bag or envelope label as PDF: the QR code of the job number, on a tag or an A4 sheet',
    }),
    handler: async (request, reply) => {
      const { shopId } = shopCaller(request);
      const now = ctx.now();
      const { job, client } = await getJobForDocuments(ctx.db, shopId, pathId(request.params.id), now);
      const { timezone } = await workshopPaperSettings(ctx.db, shopId);
      const clientName =
        client?.name ?? (job.stockNumber === null ? 'Shop stock' : stockNumberText(job.stockNumber));
      const bytes = await renderJobLabelPdf(
        job,
        clientName,
        request.query.size ?? 'tag',
        dayInZone(now, timezone),
      );
      return reply.headers(pdfHeaders(jobLabelFileName(job), bytes.length)).send(bytes);
    },
  });
};

export default documentRoutes;
