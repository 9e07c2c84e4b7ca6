import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AuthCheck, routes } from '@loupe/contracts';
import type { AppContext } from '../../../context';
import { toAuthCheck } from '../sessions';
import { withErrors } from '../../../kernel/schemas';

const authCheckRoute: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (fastify) => {
  fastify.get(
    routes.authCheck,
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['session'],
        summary: 'Who is signed in, with their role and shop; nulls when nobody is',
        response: withErrors({ 200: AuthCheck }),
      },
    },
    async (request) => toAuthCheck(request.caller),
  );
};

export default authCheckRoute;
