import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { DocumentsContext } from './deps';
import invoiceRoutes from './routes/invoices';
import pdfRoutes from './routes/pdfs';
import settingsRoutes from './routes/settings';

/** The sales documents endpoints (issue 13): the shop's settings, invoices and credit notes, their PDFs. */
const documentsRoutes: FastifyPluginAsyncTypebox<{ ctx: DocumentsContext }> = async (fastify, { ctx }) => {
  await fastify.register(invoiceRoutes, { ctx });
  await fastify.register(pdfRoutes, { ctx });
  await fastify.register(settingsRoutes, { ctx });
};

export default documentsRoutes;

export type { DocumentsContext, DocumentsRepos } from './deps';
// The shop's letterhead from Shop Settings, read and tidied once for every module that prints or sends it.
export { readShopLetterhead, type ShopLetterhead } from './letterhead';
