import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@loupe/contracts';
import type { SuspicionContext } from './suspicion-deps';
import { SuspicionService } from './suspicion-service';
import { staffRoute } from '../../kernel/schemas';
import { shopCaller } from '../../kernel/shop-scope';
import { pathId } from '../../kernel/validation';

const TAGS = ['compliance'];

/** Internal suspicious activity reports (issue 25 item 1): any member reports; the nominated officer decides. */
const suspicionRoutes: FastifyPluginAsyncTypebox<{ ctx: SuspicionContext }> = async (fastify, { ctx }) => {
  const service = new SuspicionService(ctx);

  fastify.route({
    ...staffRoute(endpoints.suspicions.create, TAGS, {
      summary:
        'Any member reports a suspicion about a client, deal, sale or purchase to the nominated officer; answers only its reference',
    }),
    handler: async (request, reply) =>
      reply.code(201).send(await service.report(shopCaller(request), request.body)),
  });

  fastify.route({
    ...staffRoute(endpoints.suspicions.list, TAGS, {
      summary: 'The register of suspicious activity reports, newest first (the nominated officer only)',
    }),
    handler: async (request) => {
      const results = await service.list(shopCaller(request));
      return { results, count: results.length };
    },
  });

  fastify.route({
    ...staffRoute(endpoints.suspicions.decide, TAGS, {
      summary:
        'The nominated officer records the decision: disclosed to the NCA (reference and day) or not (the reasons); audited',
    }),
    handler: async (request) => service.decide(shopCaller(request), pathId(request.params.id), request.body),
  });
};

export default suspicionRoutes;
