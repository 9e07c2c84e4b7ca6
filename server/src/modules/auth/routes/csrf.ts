import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DetailMessage, routes } from '@loupe/contracts';
import type { AppContext } from '../../../context';
import { ensureCsrfCookie } from '../../../plugins/security';
import { withErrors } from '../../../kernel/schemas';

const csrfRoute: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  fastify.get(
    routes.csrf,
    {
      config: { auth: 'none' },
      schema: {
        tags: ['session'],
        summary: 'Sets the csrftoken cookie (readable by the page) to echo in X-CSRFToken',
        response: withErrors({ 200: DetailMessage }),
      },
    },
    async (request, reply) => {
      ensureCsrfCookie(reply, request, ctx.config);
      return { detail: 'CSRF cookie set.' };
    },
  );
};

export default csrfRoute;
