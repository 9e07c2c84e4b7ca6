import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@loupe/contracts';
import type { AuthContext } from '../deps';
import { ensureCsrfCookie } from '../cookies';
import { endpointRoute } from '../../../kernel/schemas';

const csrfRoute: FastifyPluginAsyncTypebox<{ ctx: AuthContext }> = async (fastify, { ctx }) => {
  fastify.route({
    ...endpointRoute(
      endpoints.session.csrf,
      ['session'],
      { summary: 'Sets the csrftoken cookie (readable by the page) to echo in X-CSRFToken' },
      'none',
    ),
    handler: async (request, reply) => {
      ensureCsrfCookie(reply, request, ctx.config);
      return { detail: 'CSRF cookie set.' };
    },
  });
};

export default csrfRoute;
