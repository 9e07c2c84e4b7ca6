import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@loupe/contracts';
import { staffRoute } from '../../kernel/schemas';
import { shopCaller } from '../../kernel/shop-scope';
import { pathId } from '../../kernel/validation';
import { attachmentHeader } from '../../kernel/file-storage';
import { RiskService, type RiskContext } from './risk-service';

const TAGS = ['compliance'];

/**
 * Risk-based due diligence (issue 25 item 1): a client's risk rating and enhanced due diligence, the shop's EDD
 * threshold, the firm-wide risk assessment. The rule they feed is client-guard.ts, run by every writer.
 */
const riskRoutes: FastifyPluginAsyncTypebox<{ ctx: RiskContext }> = async (fastify, { ctx }) => {
  const service = new RiskService(ctx);
  // Only this plugin's routes read multipart bodies (the evidence and the assessment's document).
  await service.files.acceptUploads(fastify);

  fastify.route({
    ...staffRoute(endpoints.risk.client, TAGS, {
      summary: 'The client’s risk rating, what enhanced due diligence needs and what is on file (any member)',
    }),
    handler: async (request) => service.client(shopCaller(request), pathId(request.params.id)),
  });

  fastify.route({
    ...staffRoute(endpoints.risk.rate, TAGS, {
      summary: 'Rates the client low, standard or high with reasons (platinum and gold), audited',
    }),
    handler: async (request) => service.rate(shopCaller(request), pathId(request.params.id), request.body),
  });

  for (const [endpoint, kind] of [
    [endpoints.risk.addFundsEvidence, 'source_of_funds'],
    [endpoints.risk.addWealthEvidence, 'source_of_wealth'],
  ] as const) {
    fastify.route({
      ...staffRoute(endpoint, TAGS, {
        summary: `Files ${kind.replace(/_/g, ' ')} evidence for a high-risk client (PDF, JPEG or PNG; 10 MB), audited`,
        consumes: ['multipart/form-data'],
      }),
      handler: async (request, reply) => {
        const risk = await service.addEvidence(shopCaller(request), pathId(request.params.id), kind, request);
        return reply.code(201).send(risk);
      },
    });
  }

  fastify.route({
    ...staffRoute(endpoints.risk.evidence, TAGS, {
      summary: 'Downloads an enhanced due diligence document as an attachment, audited',
    }),
    handler: async (request, reply) => {
      const caller = shopCaller(request);
      const clientId = pathId(request.params.id);
      const doc = await service.evidence(caller, clientId, pathId(request.params.docId));
      await ctx.repos.audit.record({
        shopId: caller.shopId,
        userId: caller.userId,
        entity: 'client',
        entityId: clientId,
        action: 'edd_download',
        after: { documentId: doc.id, name: doc.name },
        at: ctx.now(),
        clientId,
      });
      return service.files.send(reply, doc, {
        'content-disposition': attachmentHeader(doc.name, doc.contentType),
        'cache-control': 'private, no-store',
      });
    },
  });

  fastify.route({
    ...staffRoute(endpoints.risk.approve, TAGS, {
      summary: 'Records the senior approval of a high-risk client (platinum and gold), audited',
    }),
    handler: async (request) => service.approve(shopCaller(request), pathId(request.params.id), request.body),
  });

  fastify.route({
    ...staffRoute(endpoints.risk.settings, TAGS, {
      summary: 'The shop’s “Enhanced due diligence from” amount',
    }),
    handler: async (request) => service.settings(shopCaller(request)),
  });

  fastify.route({
    ...staffRoute(endpoints.risk.updateSettings, TAGS, {
      summary: 'Changes the shop’s “Enhanced due diligence from” amount (platinum), audited',
    }),
    handler: async (request) => service.updateSettings(shopCaller(request), request.body),
  });

  fastify.route({
    ...staffRoute(endpoints.risk.assessments, TAGS, {
      summary:
        'The firm-wide risk assessment: the version in force, every version and whether its review is due',
    }),
    handler: async (request) => service.assessments(shopCaller(request)),
  });

  fastify.route({
    ...staffRoute(endpoints.risk.addAssessment, TAGS, {
      summary:
        'Records a new version of the firm-wide risk assessment: its document (multipart "file") and, in the query, owner, dates and notes',
      consumes: ['multipart/form-data'],
    }),
    handler: async (request, reply) =>
      reply.code(201).send(await service.addAssessment(shopCaller(request), request.query, request)),
  });

  fastify.route({
    ...staffRoute(endpoints.risk.assessmentFile, TAGS, {
      summary: 'Downloads a version’s document (platinum)',
    }),
    handler: async (request, reply) => {
      const found = await service.assessmentFile(shopCaller(request), pathId(request.params.id));
      return service.files.send(reply, found, {
        'content-disposition': attachmentHeader(found.fileName, found.contentType),
        'cache-control': 'private, no-store',
      });
    },
  });
};

export default riskRoutes;
