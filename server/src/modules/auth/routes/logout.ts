import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SESSION_COOKIE, endpoints } from '@loupe/contracts';
import type { AuthContext } from '../deps';
import { clearSessionCookie } from '../cookies';
import { endpointRoute } from '../../../kernel/schemas';
import { recordSignOut } from '../account-events';

const logoutRoute: FastifyPluginAsyncTypebox<{ ctx: AuthContext }> = async (fastify, { ctx }) => {
  fastify.route({
    // Signing out twice is not an error: the browser always ends up signed out.
    ...endpointRoute(
      endpoints.session.logout,
      ['session'],
      { summary: 'Ends the session (deleted from the database) and clears its cookie' },
      'none',
    ),
    handler: async (request, reply) => {
      const caller = await ctx.sessions.resolve(request.cookies[SESSION_COOKIE]);
      await ctx.sessions.end(request.cookies[SESSION_COOKIE]);
      if (caller) await recordSignOut(ctx, caller);
      clearSessionCookie(reply, request, ctx.config);
      return { detail: 'Successfully logged out.' };
    },
  });
};

export default logoutRoute;
