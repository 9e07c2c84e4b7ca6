/*
 * SEARCH API (issue 21, item 3) — the top bar's one search. Schemas: contracts/src/search.ts, path:
 * `endpoints.search.query`. Any signed-in member of the shop.
 *
 *   GET /api/search/?q= → { items: [...], clients: [...], invoices: [...], jobs: [...] }, up to 8 of each, best
 *       first: exact serial / stock number (items), e-mail / phone (clients), reference (invoices); then what
 *       starts with q; then names, brands and models containing it (any case). Jobs (issue 23): the workshop
 *       job whose number q is ('JOB-000123', what its receipt's and label's QR codes hold). 400 when q is missing, blank, over
 *       100 characters or not a single line.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints, jobNumberOf, stockNumberOf } from '@loupe/contracts';
import type { ModuleContext } from '../../kernel/context';
import { BLANK, fieldErrors } from '../../kernel/http-errors';
import { staffRoute } from '../../kernel/schemas';
import { shopCaller } from '../../kernel/shop-scope';
import { SearchRepository, type SearchTerms } from './search-repository';

/** The module works on the database alone: it reads other modules' published views, no repository of theirs. */
export type SearchContext = ModuleContext<object>;

/** A phone number as typed: digits and + ( ) - . / and spaces, at least 3 digits. */
const PHONE_LIKE = /^[\d\s+().\-/]+$/;

export function searchTerms(q: string): SearchTerms {
  const text = q.trim().toLowerCase();
  const digits = text.replace(/\D/g, '');
  return {
    text,
    stockNumber: stockNumberOf(text),
    phoneDigits: PHONE_LIKE.test(text) && digits.length >= 3 ? digits : null,
    jobNumber: jobNumberOf(text),
  };
}

const searchRoutes: FastifyPluginAsyncTypebox<{ ctx: SearchContext }> = async (fastify, { ctx }) => {
  const repo = new SearchRepository(ctx.db);

  fastify.route({
    ...staffRoute(endpoints.search.query, ['search'], {
      summary: 'Items, clients, invoices and workshop jobs matching the text, up to 8 of each, best first',
    }),
    handler: async (request) => {
      const { shopId } = shopCaller(request);
      const terms = searchTerms(request.query.q);
      if (terms.text === '') throw fieldErrors({ q: [BLANK] });
      // One after another: PGlite answers one query at a time, and PostgreSQL's pool is shared.
      const items = await repo.items(shopId, terms);
      const clients = await repo.clients(shopId, terms);
      const invoices = await repo.invoices(shopId, terms);
      const jobs = await repo.jobs(shopId, terms);
      return { items, clients, invoices, jobs };
    },
  });
};

export default searchRoutes;
