import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SESSION_COOKIE, endpoints } from '@loupe/contracts';
import type { AppContext } from '../../../context';
import { burnPasswordCheck, verifyPassword } from '../password-hasher';
import { toAuthCheck } from '../sessions';
import { ApiError, BLANK, fieldErrors } from '../../../kernel/http-errors';
import { rotateCsrfCookie, setSessionCookie } from '../../../plugins/security';
import { endpointRoute } from '../../../kernel/schemas';

export const INVALID_CREDENTIALS = 'Unable to log in with provided credentials.';

const tokenRoute: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (fastify, { ctx }) => {
  fastify.route({
    ...endpointRoute(
      endpoints.session.token,
      ['session'],
      { summary: 'Signs in: a new session (and a new CSRF token) on success' },
      'none',
    ),
    handler: async (request, reply) => {
      const { username, password } = request.body;
      const blank: Record<string, string[]> = {};
      if (!username.trim()) blank.username = [BLANK];
      if (!password) blank.password = [BLANK];
      if (Object.keys(blank).length > 0) throw fieldErrors(blank);

      const retryAfter = await ctx.throttle.retryAfter(username, request.ip);
      if (retryAfter !== null) {
        throw new ApiError(
          429,
          { detail: `Request was throttled. Expected available in ${retryAfter} seconds.` },
          { 'retry-after': String(retryAfter) },
        );
      }

      const user = await ctx.repos.users.findByUsername(username);
      let ok = false;
      if (user) ok = (await verifyPassword(password, user.password_hash)) && user.is_active;
      else await burnPasswordCheck(password);
      if (!ok || !user) {
        await ctx.throttle.recordFailure(username, request.ip);
        throw new ApiError(400, { detail: INVALID_CREDENTIALS });
      }

      await ctx.throttle.recordSuccess(username, request.ip);
      // No session fixation: whatever session the browser brought is ended, and a new id is issued.
      await ctx.sessions.end(request.cookies[SESSION_COOKIE]);
      const key = await ctx.sessions.start(user.id);
      await ctx.repos.users.recordLogin(user.id, ctx.now());
      setSessionCookie(reply, request, ctx.config, key);
      rotateCsrfCookie(reply, request, ctx.config);
      return toAuthCheck(await ctx.sessions.resolve(key));
    },
  });
};

export default tokenRoute;
