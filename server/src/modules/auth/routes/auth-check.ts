import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@loupe/contracts';
import type { AuthContext } from '../deps';
import { toAuthCheck } from '../sessions';
import { endpointRoute } from '../../../kernel/schemas';

const authCheckRoute: FastifyPluginAsyncTypebox<{ ctx: AuthContext }> = async (fastify) => {
  fastify.route({
    ...endpointRoute(
      endpoints.session.authCheck,
      ['session'],
      {
        summary:
          'Who is signed in: the session’s active shop and their role there, every shop they may switch to, and whether the password must be changed; nulls when nobody is',
      },
      'optional',
    ),
    handler: async (request) => toAuthCheck(request.caller),
  });
};

export default authCheckRoute;
