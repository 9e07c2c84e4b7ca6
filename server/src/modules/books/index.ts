import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { BooksContext } from './deps';
import bookRoutes from './routes/books';

/**
 * The books (issue 22, items 5 and 6): the HMRC stock book of a period (`/api/books/stock-book/`, CSV and PDF),
 * its margin-scheme VAT figures traced to their sales (`/api/books/vat/`) and the accounting exports for Xero and
 * QuickBooks Online (`/api/books/exports/`). Read-only, over the views other modules publish.
 */
const booksRoutes: FastifyPluginAsyncTypebox<{ ctx: BooksContext }> = async (fastify, { ctx }) => {
  await fastify.register(bookRoutes, { ctx });
};

export default booksRoutes;
export type { BooksContext, BooksRepos } from './deps';
