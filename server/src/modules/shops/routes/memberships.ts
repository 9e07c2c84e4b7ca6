import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@loupe/contracts';
import type { ShopsContext } from '../deps';
import { notAuthenticated } from '../../../kernel/http-errors';
import { Detail, serializerQuery, staffRoute } from '../../../kernel/schemas';
import { MembershipsService } from '../memberships-service';

const membershipRoutes: FastifyPluginAsyncTypebox<{ ctx: ShopsContext }> = async (fastify, { ctx }) => {
  const memberships = new MembershipsService(ctx);

  fastify.route({
    ...serializerQuery(
      staffRoute(endpoints.memberships.list, ['memberships'], {
        summary: 'Lists the memberships the caller manages (platinum: gold and silver; gold: silver)',
      }),
    ),
    handler: async (request) => {
      if (!request.caller) throw notAuthenticated();
      const results = await memberships.list(
        request.caller.user.id,
        request.params.shopId,
        request.query.role,
      );
      return { results, count: results.length };
    },
  });

  fastify.route({
    ...staffRoute(endpoints.memberships.create, ['memberships'], {
      summary: 'Adds a member, or changes the role of an existing member (a promotion), never the owner',
      response: { 409: Detail },
    }),
    handler: async (request, reply) => {
      if (!request.caller) throw notAuthenticated();
      const { membership, created } = await memberships.save(
        request.caller.user.id,
        request.params.shopId,
        request.body,
      );
      return reply.code(created ? 201 : 200).send(membership);
    },
  });

  fastify.route({
    ...staffRoute(endpoints.memberships.nominatedOfficer, ['memberships'], {
      summary: "The shop's nominated officer (MLR 2017 reg. 21(3)), for those who manage its members",
    }),
    handler: async (request) => {
      if (!request.caller) throw notAuthenticated();
      return memberships.nominatedOfficer(request.caller.user.id, request.params.shopId);
    },
  });

  fastify.route({
    ...staffRoute(endpoints.memberships.setNominatedOfficer, ['memberships'], {
      summary:
        'The owner names the nominated officer (an active gold or platinum member), or nobody; audited',
      response: { 409: Detail },
    }),
    handler: async (request) => {
      if (!request.caller) throw notAuthenticated();
      return memberships.setNominatedOfficer(request.caller.user.id, request.params.shopId, request.body);
    },
  });
};

export default membershipRoutes;
