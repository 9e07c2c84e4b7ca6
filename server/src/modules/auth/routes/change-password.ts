import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@loupe/contracts';
import type { AppContext } from '../../../context';
import { notAuthenticated } from '../../../kernel/http-errors';
import { staffRoute } from '../../../kernel/schemas';
import { AccountService } from '../account-service';

const changePasswordRoute: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const accounts = new AccountService(ctx);

  fastify.route({
    ...staffRoute(endpoints.profile.changePassword, ['profile'], {
      summary: 'Changes the password; this session stays, the user’s other sessions end',
    }),
    handler: async (request) => {
      if (!request.caller) throw notAuthenticated();
      await accounts.changePassword(request.caller, request.body, request.ip);
      return { detail: 'Password changed successfully.' };
    },
  });
};

export default changePasswordRoute;
