import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DetailMessage, SESSION_COOKIE, routes } from '@loupe/contracts';
import type { AppContext } from '../../../context';
import { clearSessionCookie } from '../../../plugins/security';
import { withErrors } from '../../../kernel/schemas';

const logoutRoute: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  fastify.post(
    routes.logout,
    {
      // Signing out twice is not an error: the browser always ends up signed out.
      config: { auth: 'none' },
      schema: {
        tags: ['session'],
        summary: 'Ends the session (deleted from the database) and clears its cookie',
        response: withErrors({ 200: DetailMessage }),
      },
    },
    async (request, reply) => {
      await ctx.sessions.end(request.cookies[SESSION_COOKIE]);
      clearSessionCookie(reply, request, ctx.config);
      return { detail: 'Successfully logged out.' };
    },
  );
};

export default logoutRoute;
