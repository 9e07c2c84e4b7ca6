import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ChangePassword, DetailMessage, routes } from '@loupe/contracts';
import type { AppContext } from '../../../context';
import { notAuthenticated } from '../../../kernel/http-errors';
import { staffRoute } from '../../../kernel/schemas';
import { AccountService } from '../account-service';

const changePasswordRoute: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  const accounts = new AccountService(ctx);

  fastify.post(
    routes.changePassword,
    staffRoute(['profile'], {
      summary: 'Changes the password; this session stays, the user’s other sessions end',
      body: ChangePassword,
      response: { 200: DetailMessage },
    }),
    async (request) => {
      if (!request.caller) throw notAuthenticated();
      await accounts.changePassword(request.caller, request.body);
      return { detail: 'Password changed successfully.' };
    },
  );
};

export default changePasswordRoute;
