import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@loupe/contracts';
import type { DocumentsContext } from '../deps';
import { fileKeyFor } from '../../../config';
import { conflict, notFound } from '../../../kernel/http-errors';
import { pdfHeaders } from '../../../kernel/pdf';
import { shopCaller } from '../../../kernel/shop-scope';
import { Detail, staffRoute } from '../../../kernel/schemas';
import { pathId } from '../../../kernel/validation';
import { approvalNoteFileName, renderApprovalNotePdf } from '../pdf/approval-note-pdf';
import { invoiceFileName, renderInvoicePdf } from '../pdf/invoice-pdf';
import { PdfRepository } from '../pdf/pdf-repository';

const TAGS = ['documents'];
export const RECEIPT_NOT_PAID = 'A receipt can only be printed for an invoice paid in full.';

/** The shop's PDFs: an invoice (or its receipt, or a credit note) and an approval note. Any member; no-store. */
const pdfRoutes: FastifyPluginAsyncTypebox<{ ctx: DocumentsContext }> = async (fastify, { ctx }) => {
  const pdfs = new PdfRepository(ctx.db);
  const fileKey = fileKeyFor(ctx.config.fileKey);

  fastify.route({
    ...staffRoute(endpoints.invoices.pdf, TAGS, {
      summary: 'An invoice as PDF; variant=receipt for a paid-in-full invoice; a credit note prints as one',
      response: { 409: Detail },
    }),
    handler: async (request, reply) => {
      const { shopId } = shopCaller(request);
      const found = await pdfs.invoice(shopId, pathId(request.params.id));
      if (!found) throw notFound();
      const { invoice, creditReason } = found;
      // A credit note ignores the variant: it is never a receipt.
      const variant = invoice.kind === 'credit_note' ? 'invoice' : (request.query.variant ?? 'invoice');
      if (variant === 'receipt' && !invoice.paidInFull) throw conflict(RECEIPT_NOT_PAID);
      // The logo heads an invoice issued while the shop had one (the file printed is the current one); an
      // invoice issued without one stays without, as it was first printed.
      const shop = invoice.seller.hasLogo ? await pdfs.shop(shopId) : null;
      const logo = await pdfs.logo(fileKey, shop?.logoKey ?? null);
      const bytes = await renderInvoicePdf({ invoice, variant, logo, creditReason });
      return reply.headers(pdfHeaders(invoiceFileName(invoice, variant), bytes.length)).send(bytes);
    },
  });

  fastify.route({
    ...staffRoute(endpoints.checkouts.approvalNote, TAGS, {
      summary: 'The approval (memo) note of a check-out as PDF, to sign and reprint',
    }),
    handler: async (request, reply) => {
      const { shopId } = shopCaller(request);
      const id = pathId(request.params.id);
      const note = await pdfs.approvalNote(shopId, id);
      const shop = await pdfs.shop(shopId);
      if (!note || !shop) throw notFound();
      const logo = await pdfs.logo(fileKey, shop.logoKey);
      const bytes = await renderApprovalNotePdf(note, shop, logo);
      return reply.headers(pdfHeaders(approvalNoteFileName(id), bytes.length)).send(bytes);
    },
  });
};

export default pdfRoutes;
