import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@loupe/contracts';
import type { AuthContext } from '../deps';
import { notAuthenticated } from '../../../kernel/http-errors';
import { staffRoute } from '../../../kernel/schemas';
import { rotateCsrfCookie, setSessionCookie } from '../cookies';
import { AccountService } from '../account-service';
import { sessionOrigin } from '../sessions';

const changePasswordRoute: FastifyPluginAsyncTypebox<{ ctx: AuthContext }> = async (fastify, { ctx }) => {
  const accounts = new AccountService(ctx);

  fastify.route({
    ...staffRoute(endpoints.profile.changePassword, ['profile'], {
      summary:
        'Changes the password; every session of the user ends and this browser continues under a new session id (and CSRF token)',
    }),
    handler: async (request, reply) => {
      if (!request.caller) throw notAuthenticated();
      const key = await accounts.changePassword(request.caller, request.body, sessionOrigin(request));
      setSessionCookie(reply, request, ctx.config, key);
      rotateCsrfCookie(reply, request, ctx.config);
      return { detail: 'Password changed successfully.' };
    },
  });
};

export default changePasswordRoute;
