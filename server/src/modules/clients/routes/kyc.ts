import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@loupe/contracts';
import { attachmentHeader } from '../../../kernel/file-storage';
import { notFound } from '../../../kernel/http-errors';
import { shopCaller } from '../../../kernel/shop-scope';
import { staffRoute } from '../../../kernel/schemas';
import { pathId } from '../../../kernel/validation';
import type { ClientsRouteOptions } from '../route-options';

const TAGS = ['clients'];

const kycRoutes: FastifyPluginAsyncTypebox<ClientsRouteOptions> = async (fastify, { ctx, service }) => {
  // Only this plugin's routes read multipart bodies.
  await service.kycFiles.acceptUploads(fastify);

  fastify.route({
    ...staffRoute(endpoints.clients.addKycDocument, TAGS, {
      summary: 'Adds a KYC document (multipart field "file"; PDF, JPEG or PNG recognised by content; 10 MB)',
      consumes: ['multipart/form-data'],
    }),
    handler: async (request, reply) => {
      const document = await service.addDocument(shopCaller(request), pathId(request.params.id), request);
      return reply.code(201).send(document);
    },
  });

  fastify.route({
    ...staffRoute(endpoints.clients.kycDocuments, TAGS, {
      summary: 'The client\u2019s KYC documents, newest first',
    }),
    handler: async (request) => {
      const { shopId } = shopCaller(request);
      const id = pathId(request.params.id);
      await service.existing(shopId, id);
      const results = (await ctx.repos.clientDocuments.list(shopId, id)).map(
        ({ storageKey: _key, ...shown }) => shown,
      );
      return { results, count: results.length };
    },
  });

  fastify.route({
    ...staffRoute(endpoints.clients.kycDocument, TAGS, {
      summary: 'Downloads a KYC document as an attachment (staff of the client\u2019s shop only)',
    }),
    handler: async (request, reply) => {
      const { shopId } = shopCaller(request);
      const document = await ctx.repos.clientDocuments.find(
        shopId,
        pathId(request.params.id),
        pathId(request.params.docId),
      );
      if (!document) throw notFound();
      // Identity papers: who took a copy, and when, is part of the client's history.
      await ctx.repos.audit.record({
        shopId,
        userId: shopCaller(request).userId,
        entity: 'client',
        entityId: pathId(request.params.id),
        action: 'kyc_download',
        after: { documentId: document.id, name: document.name },
        at: ctx.now(),
      });
      return service.kycFiles.send(reply, document, {
        'content-disposition': attachmentHeader(document.name, document.contentType),
        // Identity papers: nothing may keep a copy.
        'cache-control': 'private, no-store',
      });
    },
  });
};

export default kycRoutes;
