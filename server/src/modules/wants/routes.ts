/*
 * WANTED LISTS API (issue 24 item 5). Schemas: contracts/src/wants.ts, paths: `endpoints.wants`, words and the
 * matching rule: contracts/src/wants-messages.ts. Every signed-in member of the shop (as for clients); another
 * shop's want, match, client or item is a 404.
 *
 *   GET    /api/clients/{id}/wants/?active&page&page_size → { results: Want[], count }, newest first.
 *   POST   /api/clients/{id}/wants/  WantInput → 201 WantSaved (newMatches: found in the available stock).
 *          400 field errors: brand (required, the catalogue's), model (the brand's in the catalogue), yearTo
 *          (before yearFrom), maxPrice (2 decimals, > 0).
 *   PUT    /api/wants/{id}/  WantInput → WantSaved.
 *   DELETE /api/wants/{id}/ → 204.
 *   GET    /api/wants/matches/?status=open|emailed|dismissed|lapsed|all → the shop's matches (default open).
 *   GET    /api/items/{id}/want-matches/?status → the item's (default all).
 *   GET    /api/clients/{id}/want-matches/?status → the client's (default all).
 *   GET    /api/wants/matches/{id}/email/ → WantMatchEmail (problem: why it cannot be sent now).
 *   POST   /api/wants/matches/{id}/email/  { subject?, text? } → WantMatchSent; 409 with WANT_PROBLEMS'
 *          words: no e-mail address, item no longer available, e-mailed already, dismissed; MAIL_PROBLEMS'
 *          noSender when there is no address to send from.
 *   POST   /api/wants/matches/{id}/dismiss/ → WantMatch; 409 when it is not open.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@loupe/contracts';
import { Detail, staffRoute } from '../../kernel/schemas';
import { shopCaller } from '../../kernel/shop-scope';
import { pathId } from '../../kernel/validation';
import type { WantsContext } from './deps';
import { WantsService } from './wants-service';

const TAGS = ['wants'];

const wantRoutes: FastifyPluginAsyncTypebox<{ ctx: WantsContext }> = async (fastify, { ctx }) => {
  const wants = new WantsService(ctx);
  const conflict = { response: { 409: Detail } };

  fastify.route({
    ...staffRoute(endpoints.wants.clientWants, ['clients', ...TAGS], {
      summary: 'Lists a client\u2019s wants, newest first',
    }),
    handler: async (request) =>
      wants.listForClient(shopCaller(request), pathId(request.params.id), request.query),
  });

  fastify.route({
    ...staffRoute(endpoints.wants.create, ['clients', ...TAGS], {
      summary: 'Adds a want to a client\u2019s wanted list and searches the available stock for it',
    }),
    handler: async (request, reply) =>
      reply.code(201).send(await wants.create(shopCaller(request), pathId(request.params.id), request.body)),
  });

  fastify.route({
    ...staffRoute(endpoints.wants.update, TAGS, {
      summary: 'Changes a want and searches the available stock for it again',
    }),
    handler: async (request) => wants.update(shopCaller(request), pathId(request.params.id), request.body),
  });

  fastify.route({
    ...staffRoute(endpoints.wants.remove, TAGS, { summary: 'Deletes a want and its matches' }),
    handler: async (request, reply) => {
      await wants.remove(shopCaller(request), pathId(request.params.id));
      return reply.code(204).send(null);
    },
  });

  fastify.route({
    ...staffRoute(endpoints.wants.matches, TAGS, {
      summary: 'Lists the shop\u2019s matches of wants and stock, newest first (default: open)',
    }),
    handler: async (request) => wants.matches(shopCaller(request), request.query),
  });

  fastify.route({
    ...staffRoute(endpoints.wants.itemMatches, ['items', ...TAGS], {
      summary: 'Lists the wants an item matched (default: every status)',
    }),
    handler: async (request) =>
      wants.matches(shopCaller(request), request.query, { itemId: pathId(request.params.id) }, 'all'),
  });

  fastify.route({
    ...staffRoute(endpoints.wants.clientMatches, ['clients', ...TAGS], {
      summary: 'Lists the matches of a client\u2019s wants (default: every status)',
    }),
    handler: async (request) =>
      wants.matches(shopCaller(request), request.query, { clientId: pathId(request.params.id) }, 'all'),
  });

  fastify.route({
    ...staffRoute(endpoints.wants.email, TAGS, {
      summary: 'The prepared e-mail to the client about a match',
    }),
    handler: async (request) => wants.draft(shopCaller(request), pathId(request.params.id)),
  });

  fastify.route({
    ...staffRoute(endpoints.wants.send, TAGS, {
      summary: 'Sends the match\u2019s e-mail to the client (the outbox when no SMTP server is configured)',
      ...conflict,
    }),
    handler: async (request) =>
      wants.send(shopCaller(request), pathId(request.params.id), request.body ?? {}),
  });

  fastify.route({
    ...staffRoute(endpoints.wants.dismiss, TAGS, { summary: 'Dismisses an open match', ...conflict }),
    handler: async (request) => wants.dismiss(shopCaller(request), pathId(request.params.id)),
  });
};

export default wantRoutes;
