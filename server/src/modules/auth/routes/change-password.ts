import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ChangePassword, DetailMessage, routes } from '@loupe/contracts';
import type { AppContext } from '../../../context';
import { hashPassword, verifyPassword } from '../password-hasher';
import { validatePassword } from '../password-validators';
import { SessionsRepository } from '../sessions-repository';
import { UsersRepository } from '../users-repository';
import { BLANK, fieldErrors, notAuthenticated } from '../../../kernel/http-errors';
import { withErrors } from '../../../kernel/schemas';

export const WRONG_CURRENT_PASSWORD = 'Your old password was entered incorrectly. Please enter it again.';

const changePasswordRoute: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  fastify.post(
    routes.changePassword,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['profile'],
        summary: 'Changes the password; this session stays, the user’s other sessions end',
        body: ChangePassword,
        response: withErrors({ 200: DetailMessage }),
      },
    },
    async (request) => {
      const caller = request.caller;
      if (!caller) throw notAuthenticated();
      const { current_password, new_password } = request.body;
      const errors: Record<string, string[]> = {};
      if (!current_password) errors.current_password = [BLANK];
      if (!new_password) errors.new_password = [BLANK];
      if (Object.keys(errors).length > 0) throw fieldErrors(errors);

      const user = await ctx.users.findById(caller.user.id);
      if (!user) throw notAuthenticated();
      if (!(await verifyPassword(current_password, user.password_hash))) {
        errors.current_password = [WRONG_CURRENT_PASSWORD];
      }
      const weaknesses = validatePassword(new_password, user);
      if (weaknesses.length > 0) errors.new_password = weaknesses;
      if (Object.keys(errors).length > 0) throw fieldErrors(errors);

      const hash = await hashPassword(new_password);
      // Both or neither: a new password must never leave a stolen session alive.
      await ctx.db.transaction(async (tx) => {
        await new UsersRepository(tx).setPassword(user.id, hash);
        await new SessionsRepository(tx).deleteOthers(user.id, caller.sessionKeyHash);
      });
      ctx.sessions.forgetUser(user.id);
      return { detail: 'Password changed successfully.' };
    },
  );
};

export default changePasswordRoute;
