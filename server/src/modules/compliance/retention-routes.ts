import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@loupe/contracts';
import { Detail, staffRoute } from '../../kernel/schemas';
import { shopCaller } from '../../kernel/shop-scope';
import { pathId } from '../../kernel/validation';
import { answerErasureRequest } from './erasure-service';
import type { RetentionContext } from './retention-deps';
import { RetentionService } from './retention-service';
import { subjectAccessExport } from './subject-access';

const retentionEndpoints = endpoints.retention;

const TAGS = ['compliance'];

/**
 * Retention, legal holds, erasure requests and the subject access export (issue 25 item 3): the shop's owner
 * or its nominated officer; deleting at the end of retention is the officer's alone.
 */
const retentionRoutes: FastifyPluginAsyncTypebox<{ ctx: RetentionContext }> = async (fastify, { ctx }) => {
  const service = new RetentionService(ctx);

  fastify.route({
    ...staffRoute(retentionEndpoints.list, TAGS, {
      summary: 'Clients whose five years of retention are over (MLR 2017 reg. 40(3)), for review',
    }),
    handler: async (request) => service.list(shopCaller(request)),
  });

  fastify.route({
    ...staffRoute(retentionEndpoints.deleteBatch, TAGS, {
      summary: 'Deletes a confirmed batch at the end of retention (nominated officer): personal data erased',
      response: { 409: Detail },
    }),
    handler: async (request) => ({
      deleted: await service.deleteBatch(
        shopCaller(request),
        request.body.clientIds,
        request.body.confirmation,
      ),
    }),
  });

  fastify.route({
    ...staffRoute(retentionEndpoints.status, ['clients', ...TAGS], {
      summary: 'A client’s retention clock and legal hold',
    }),
    handler: async (request) => service.status(shopCaller(request), pathId(request.params.id)),
  });

  fastify.route({
    ...staffRoute(retentionEndpoints.hold, ['clients', ...TAGS], {
      summary:
        'Places a legal hold (a reason; who set it is recorded): the client is neither deleted nor erased',
      response: { 409: Detail },
    }),
    handler: async (request, reply) => {
      const clock = await service.hold(shopCaller(request), pathId(request.params.id), request.body.reason);
      return reply.code(201).send(clock);
    },
  });

  fastify.route({
    ...staffRoute(retentionEndpoints.release, ['clients', ...TAGS], {
      summary: 'Lifts a legal hold',
      response: { 409: Detail },
    }),
    handler: async (request) => service.release(shopCaller(request), pathId(request.params.id)),
  });

  fastify.route({
    ...staffRoute(retentionEndpoints.erasure, ['clients', ...TAGS], {
      summary:
        'Answers an erasure request (UK GDPR Art. 17): erases what no law keeps, refuses the rest with its reason and date',
      response: { 409: Detail },
    }),
    handler: async (request, reply) => {
      const outcome = await answerErasureRequest(
        ctx,
        shopCaller(request),
        pathId(request.params.id),
        request.body.receivedOn,
      );
      return reply.code(201).send(outcome);
    },
  });

  fastify.route({
    ...staffRoute(retentionEndpoints.subjectAccess, ['clients', ...TAGS], {
      summary:
        'The subject access export (UK GDPR Art. 15): one ZIP of the client’s data, KYC papers and invoices',
    }),
    handler: async (request, reply) => {
      const archive = await subjectAccessExport(ctx, shopCaller(request), pathId(request.params.id));
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${archive.fileName}"`)
        .header('content-length', archive.bytes.length)
        .header('cache-control', 'private, no-store')
        .send(archive.bytes);
    },
  });
};

export default retentionRoutes;
