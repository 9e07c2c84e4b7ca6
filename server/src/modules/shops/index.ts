import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ShopsContext } from './deps';
import membershipRoutes from './routes/memberships';

/** The shop's member accounts (the owner's gold and silver staff). */
const shopsRoutes: FastifyPluginAsyncTypebox<{ ctx: ShopsContext }> = async (fastify, { ctx }) => {
  await fastify.register(membershipRoutes, { ctx });
};

export default shopsRoutes;

export type { ShopsContext, ShopsRepos } from './deps';
export type { MembershipsRepository } from './memberships-repository';
