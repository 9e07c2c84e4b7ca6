import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context';
import membershipRoutes from './routes/memberships';

/** The shop's member accounts (the owner's gold and silver staff). */
const shopsRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  await fastify.register(membershipRoutes, { ctx });
};

export default shopsRoutes;
