/*
 * MAIL API (issue 23 item 4): the shop's outbox. Schemas: contracts/src/mail.ts, paths: `endpoints.mail`, words:
 * contracts/src/mail-messages.ts. Every route needs a signed-in member who may 'viewOutbox' (platinum, gold);
 * 403 otherwise.
 *
 *   GET  /api/mail/outbox/?status&page&page_size → { results: OutboxSummary[], count }, newest first.
 *   GET  /api/mail/outbox/{id}/ → OutboxMessage (bodies, envelope, attempts, last error).
 *   POST /api/mail/outbox/{id}/retry/ → OutboxMessage after one more delivery attempt; 409 when sent already.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@loupe/contracts';
import { Detail, staffRoute } from '../../kernel/schemas';
import { shopCaller } from '../../kernel/shop-scope';
import { pathId } from '../../kernel/validation';
import type { MailContext } from './deps';
import { MailService } from './mail-service';

const TAGS = ['mail'];

const mailRoutes: FastifyPluginAsyncTypebox<{ ctx: MailContext }> = async (fastify, { ctx }) => {
  const mail = new MailService(ctx);

  fastify.route({
    ...staffRoute(endpoints.mail.outbox, TAGS, {
      summary:
        "The shop's outgoing e-mail, newest first: sent, failed (with the error), or kept in the outbox only",
    }),
    handler: async (request) => mail.list(shopCaller(request), request.query),
  });

  fastify.route({
    ...staffRoute(endpoints.mail.message, TAGS, {
      summary: 'One outgoing e-mail as it was written and sent',
    }),
    handler: async (request) => mail.detail(shopCaller(request), pathId(request.params.id)),
  });

  fastify.route({
    ...staffRoute(endpoints.mail.retry, TAGS, {
      summary: 'Tries to deliver an e-mail again (not one already sent)',
      response: { 409: Detail },
    }),
    handler: async (request) => mail.retry(shopCaller(request), pathId(request.params.id)),
  });
};

export default mailRoutes;
