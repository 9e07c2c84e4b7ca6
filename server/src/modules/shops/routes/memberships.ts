import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Membership, MembershipCreate, MembershipList, MembershipQuery, routes } from '@loupe/contracts';
import { Type } from '@sinclair/typebox';
import type { AppContext } from '../../../context';
import { notAuthenticated } from '../../../kernel/http-errors';
import { staffRoute } from '../../../kernel/schemas';
import { MembershipsService } from '../memberships-service';

// Like Django's <int:shop_id> converter: anything else is not this URL at all (404).
const PATH = routes.memberships.replace(':shopId', ':shopId(^\\d+)');
const Params = Type.Object({ shopId: Type.String() });

const membershipRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const memberships = new MembershipsService(ctx);

  fastify.get(
    PATH,
    staffRoute(['memberships'], {
      summary: 'Lists the memberships the caller manages (platinum: gold and silver; gold: silver)',
      params: Params,
      querystring: MembershipQuery,
      response: { 200: MembershipList },
    }),
    async (request) => {
      if (!request.caller) throw notAuthenticated();
      const results = await memberships.list(
        request.caller.user.id,
        request.params.shopId,
        request.query.role,
      );
      return { results, count: results.length };
    },
  );

  fastify.post(
    PATH,
    staffRoute(['memberships'], {
      summary: 'Adds a member, or changes the role of an existing member (a promotion), never the owner',
      params: Params,
      body: MembershipCreate,
      response: {
        200: Membership,
        201: Membership,
        409: Type.Object({ detail: Type.String() }),
      },
    }),
    async (request, reply) => {
      if (!request.caller) throw notAuthenticated();
      const { membership, created } = await memberships.save(
        request.caller.user.id,
        request.params.shopId,
        request.body,
      );
      return reply.code(created ? 201 : 200).send(membership);
    },
  );
};

export default membershipRoutes;
