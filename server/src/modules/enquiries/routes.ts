/*
 * ENQUIRIES API (issue 24 item 2): the staff's side of website enquiries. Schemas: contracts/src/enquiries.ts,
 * paths: `endpoints.enquiries`, words: contracts/src/enquiry-messages.ts. Every signed-in member of the shop may
 * read and answer; another shop's enquiry is a 404.
 *
 *   GET  /api/enquiries/?status=new|open|all&page&page_size → EnquiryList (newest first; counts for the dashboard)
 *   GET  /api/enquiries/{id}/ → EnquiryDetail
 *   POST /api/enquiries/{id}/reply/ {subject, body} → EnquiryDetail; 409 closed, or no e-mail address to write to
 *   POST /api/enquiries/{id}/convert/ → EnquiryDetail; 409 already converted, closed, or no e-mail address
 *   POST /api/enquiries/{id}/close/ → EnquiryDetail; 409 closed already
 *   DELETE /api/enquiries/{id}/ → 204: deleted with its replies (the person asked: UK GDPR Art. 17)
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@loupe/contracts';
import { Detail, staffRoute } from '../../kernel/schemas';
import { shopCaller } from '../../kernel/shop-scope';
import { pathId } from '../../kernel/validation';
import type { EnquiriesContext } from './deps';
import { EnquiriesService } from './enquiries-service';

const TAGS = ['enquiries'];

const enquiriesRoutes: FastifyPluginAsyncTypebox<{ ctx: EnquiriesContext }> = async (fastify, { ctx }) => {
  const enquiries = new EnquiriesService(ctx);

  fastify.route({
    ...staffRoute(endpoints.enquiries.list, TAGS, {
      summary: 'Website enquiries, newest first: new, open (new or answered) or all, with the counts of each',
    }),
    handler: async (request) => enquiries.list(shopCaller(request), request.query),
  });

  fastify.route({
    ...staffRoute(endpoints.enquiries.detail, TAGS, {
      summary:
        'One enquiry: the message, the item, the client it is linked to or whose e-mail matches, replies',
    }),
    handler: async (request) => enquiries.detail(shopCaller(request), pathId(request.params.id)),
  });

  fastify.route({
    ...staffRoute(endpoints.enquiries.reply, TAGS, {
      summary: 'Replies by e-mail through the mailer (kept in the outbox when no SMTP server is configured)',
      response: { 409: Detail },
    }),
    handler: async (request) => enquiries.reply(shopCaller(request), pathId(request.params.id), request.body),
  });

  fastify.route({
    ...staffRoute(endpoints.enquiries.convert, TAGS, {
      summary: 'Links the client with the same e-mail address, or creates a client from the enquiry',
      response: { 409: Detail },
    }),
    handler: async (request) => enquiries.convert(shopCaller(request), pathId(request.params.id)),
  });

  fastify.route({
    ...staffRoute(endpoints.enquiries.close, TAGS, {
      summary: 'Closes an enquiry: nothing more to do',
      response: { 409: Detail },
    }),
    handler: async (request) => enquiries.close(shopCaller(request), pathId(request.params.id)),
  });

  fastify.route({
    ...staffRoute(endpoints.enquiries.remove, TAGS, {
      summary: 'Deletes an enquiry and its replies (the person asked to be forgotten)',
    }),
    handler: async (request, reply) => {
      await enquiries.remove(shopCaller(request), pathId(request.params.id));
      return reply.code(204).send(null);
    },
  });
};

export default enquiriesRoutes;
